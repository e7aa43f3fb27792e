import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { UnavailableError } from '../../domain/errors.ts';
import { type Box, boxAround, boxOf, centreOf, EARTH_RADIUS_KM, type Point } from '../../domain/geo.ts';
import type { IndexHit } from '../../domain/live-point-index.ts';
import type { Geocoder } from '../../geocoding/geocoder.ts';
import { GeocoderError } from '../../geocoding/geocoder-error.ts';
import type { FinderBodies } from './finder-bodies.ts';
import { findSearchRowsInBox } from './location-search.repository.ts';
import type { PublicAccess } from './publishable-keys.service.ts';
import {
  CODE,
  type FacetCounts,
  type FinderHours,
  finderHoursAt,
  type Interned,
  type SearchableLocations,
  type StoreFinderIndexes,
  searchableOf,
} from './store-finder-index.ts';

/**
 * Where a visitor searches: a point, an address to geocode, or the box a map shows (optionally measured from a point).
 */
export type SearchPlace =
  | { kind: 'point'; point: Point }
  | { kind: 'address'; text: string; countries: readonly string[] }
  | { kind: 'box'; west: number; south: number; east: number; north: number; point?: Point };

export interface LocationSearch {
  place: SearchPlace;
  radiusKm: number;
  limit: number;
  types?: readonly string[];
  /** Names of filters (ignoring case): a location has all of them, or any. */
  filters?: { names: readonly string[]; match: 'all' | 'any' };
  /** Only locations open at this instant (milliseconds since the epoch). */
  openAt?: number;
  /** When nothing is within the radius, answer the nearest matches whatever their distance. */
  fallback: boolean;
}

/** Where distances are measured from, and what the visitor typed when it was geocoded. */
export interface SearchOrigin extends Point {
  label: string | null;
  precision: string | null;
}

export interface SearchHit {
  id: number;
  publicId: string;
  distanceKm: number;
  /** Status and upcoming special hours at the search's instant. */
  hours: FinderHours;
  /** The location's public fields as UTF-8 JSON without the closing brace (`FinderBodies`). */
  json: Buffer;
}

export interface SearchResult {
  origin: SearchOrigin | null;
  hits: SearchHit[];
  /** True when the hits are the nearest ones beyond the radius. */
  fallback: boolean;
  /** Whether the project's index answered, or the database while the index was being built. */
  from: 'index' | 'database';
}

/** The store finder's memory: the index of each project searched, and the bodies of the locations answered. */
export interface FinderMemory {
  indexes: StoreFinderIndexes;
  bodies: FinderBodies;
}

/** How long a visitor's search waits for the geocoder. */
const GEOCODE_TIMEOUT_MS = 5_000;

async function originOf(place: SearchPlace, geocoder: Geocoder): Promise<SearchOrigin | null> {
  if (place.kind === 'point') return { ...place.point, label: null, precision: null };
  if (place.kind === 'box')
    return place.point
      ? { ...place.point, label: null, precision: null }
      : { ...centreOf(place.west, place.south, place.east, place.north), label: null, precision: null };
  const signal = AbortSignal.timeout(GEOCODE_TIMEOUT_MS);
  const answer = await geocoder
    .geocode(
      { address: place.text, countries: place.countries },
      { signal, rememberNotFound: false, privateText: true },
    )
    .catch((error: unknown) => {
      // No answer is not "no such place": the visitor is told to try again rather than that nothing is near. Anything
      // else (the cache's database, a bug) stays the 500 it is, with its details in the log.
      if (error instanceof GeocoderError || signal.aborted) {
        throw new UnavailableError(
          'The geocoder did not answer, so the place could not be found; try again in a few seconds, or search by coordinates.',
        );
      }
      throw error;
    });
  return answer ? { lat: answer.lat, lng: answer.lng, label: place.text, precision: answer.precision } : null;
}

/**
 * Whether some location may match the search's types and filters, by the counts: a search for a type or filter no
 * location has (a misspelt or renamed one) is answered without looking at any location.
 */
function anyMayMatch(search: LocationSearch, counts: FacetCounts): boolean {
  const has = (names: Map<string, number>, name: string) => (names.get(name.toLowerCase()) ?? 0) > 0;
  if (search.types && search.types.length > 0 && !search.types.some((name) => has(counts.types, name))) return false;
  const filters = search.filters?.names ?? [];
  if (filters.length === 0) return true;
  return search.filters?.match === 'any'
    ? filters.some((name) => has(counts.filters, name))
    : filters.every((name) => has(counts.filters, name));
}

/** Memoises a test of codes: a project's locations share a few types, filter sets and schedules. */
function byCode(test: (code: number) => boolean): (code: number) => boolean {
  const known = new Map<number, boolean>();
  return (code) => {
    let answer = known.get(code);
    if (answer === undefined) {
      answer = test(code);
      known.set(code, answer);
    }
    return answer;
  };
}

/** Whether a location matches a search's types, filters and `open_now` (each ignoring case), by its codes. */
function matcher(search: LocationSearch, interned: Interned): (codes: Int32Array, at: number) => boolean {
  const types =
    search.types && search.types.length > 0 ? new Set(search.types.map((name) => name.toLowerCase())) : undefined;
  const filters =
    search.filters && search.filters.names.length > 0
      ? [...new Set(search.filters.names.map((name) => name.toLowerCase()))]
      : undefined;
  const all = search.filters?.match !== 'any';
  const { openAt } = search;
  const typeMatches = byCode((code) => {
    const name = interned.types.at(code);
    return name !== undefined && types?.has(name) === true;
  });
  const filtersMatch = byCode((code) => {
    const names = interned.filterSets.at(code) ?? new Set<string>();
    return all ? (filters ?? []).every((name) => names.has(name)) : (filters ?? []).some((name) => names.has(name));
  });
  const openMatches = byCode((code) => {
    const schedule = interned.schedules.at(code);
    return schedule !== undefined && openAt !== undefined && finderHoursAt(schedule, openAt).status.open_now === true;
  });
  return (codes, at) =>
    (!types || typeMatches(codes[at + CODE.type] as number)) &&
    (!filters || filtersMatch(codes[at + CODE.filters] as number)) &&
    (openAt === undefined || openMatches(codes[at + CODE.schedule] as number));
}

/** What a search found among some locations, nearest first, before their bodies are read. */
interface Ranked {
  found: IndexHit[];
  fallback: boolean;
  /** The tables the hits' codes refer to. */
  interned: Interned;
}

/** The search among locations: every match in a box, or the nearest in the radius, else (`fallback`) anywhere. */
function rank(among: SearchableLocations, search: LocationSearch, origin: Point): Ranked {
  const { locations, counts, interned } = among;
  if (!anyMayMatch(search, counts)) return { found: [], fallback: false, interned };
  const query = { origin, limit: search.limit, accept: matcher(search, interned) };
  const { place } = search;
  if (place.kind === 'box')
    return {
      found: locations.inBox(boxOf(place.west, place.south, place.east, place.north), query),
      fallback: false,
      interned,
    };
  const found = locations.nearest({ ...query, radiusKm: search.radiusKm });
  if (found.length > 0 || !search.fallback) return { found, fallback: false, interned };
  const anywhere = locations.nearest(query);
  return { found: anywhere, fallback: anywhere.length > 0, interned };
}

/** A radius a little wider, so that rounding never leaves out of a box a location the radius holds. */
const withSlack = (radiusKm: number) => radiusKm * (1 + 1e-9) + 1e-9;

const WHOLE_GLOBE: Box = { minLat: -90, maxLat: 90, lngRanges: [[-180, 180]] };
/** Half the Earth's circumference: a box around a point this wide holds the globe. */
const HALF_AROUND_KM = Math.PI * EARTH_RADIUS_KM;

/**
 * The same search answered from the database, for a project whose index is being built: exact, and the same answer,
 * since the same ranking runs over the locations in the search's area. A search within a radius reads the box around
 * it; the fallback reads boxes four times wider each time until one holds `limit` matches within its circle, which are
 * then the nearest anywhere (or until the box is the globe).
 */
async function rankFromDatabase(
  db: Kysely<Database>,
  projectId: number,
  search: LocationSearch,
  origin: Point,
): Promise<Ranked> {
  const within = async (box: Box) => searchableOf(db, await findSearchRowsInBox(db, projectId, box));
  const { place } = search;
  if (place.kind === 'box')
    return rank(await within(boxOf(place.west, place.south, place.east, place.north)), search, origin);
  const inRadius = rank(
    await within(boxAround(origin, withSlack(search.radiusKm))),
    { ...search, fallback: false },
    origin,
  );
  if (inRadius.found.length > 0 || !search.fallback) return inRadius;
  for (let reachKm = Math.max(4 * search.radiusKm, 100); ; reachKm *= 4) {
    const whole = reachKm >= HALF_AROUND_KM;
    const among = await within(whole ? WHOLE_GLOBE : boxAround(origin, withSlack(reachKm)));
    const ranked = rank(
      among,
      { ...search, fallback: false, radiusKm: whole ? Number.POSITIVE_INFINITY : reachKm },
      origin,
    );
    if (ranked.found.length >= search.limit || whole) return { ...ranked, fallback: ranked.found.length > 0 };
  }
}

/**
 * The store finder's search of a project's visible, located locations: within a radius of a point or a geocoded
 * address (nearest first, then by public ID; the nearest anywhere when none is in range and `fallback` allows), or
 * every match inside a box. A geocoder that finds nothing gives no results and no origin. `now` is the instant
 * statuses are given at; `clock` the time of the request. While the project's index is being built, the database
 * answers.
 */
export async function searchLocations(
  db: Kysely<Database>,
  memory: FinderMemory,
  access: PublicAccess,
  search: LocationSearch,
  options: { geocoder: Geocoder; now: number; clock: number },
): Promise<SearchResult> {
  const origin = await originOf(search.place, options.geocoder);
  if (!origin) return { origin: null, hits: [], fallback: false, from: 'index' };
  const index = await memory.indexes.ready(db, access, options.clock);
  const ranked = index ? rank(index, search, origin) : await rankFromDatabase(db, access.projectId, search, origin);
  const bodies = await memory.bodies.of(
    db,
    index?.generation,
    ranked.found.map((hit) => hit.id),
  );
  const hits = ranked.found.flatMap(({ id, name, distanceKm, codes }): SearchHit[] => {
    const json = bodies.get(id);
    const schedule = ranked.interned.schedules.at(codes[CODE.schedule] as number);
    // A location deleted since the search ranked it has no body: it is left out.
    if (json === undefined || !schedule) return [];
    return [{ id, publicId: name, distanceKm, json, hours: finderHoursAt(schedule, options.now) }];
  });
  return { origin, fallback: ranked.fallback && hits.length > 0, hits, from: index ? 'index' : 'database' };
}
