import { foldText } from '../domain/fold-text.ts';
import { geocodeRequestOf } from '../domain/geocode-request.ts';
import { abortable } from './abortable.ts';
import type { GeocodeResult, Geocoder } from './geocoder.ts';
import { parseFreeText } from './offline/free-text.ts';
import { type Gazetteer, loadGazetteer, type Place } from './offline/gazetteer.ts';
import { findPostcodeArea, type PostcodeArea } from './offline/postcodes.ts';

/** What the offline geocoder searches for, however the address was given. */
interface OfflineAddress {
  cityCandidates: readonly string[];
  state?: string | undefined;
  postcode?: string | undefined;
  /** ISO codes of the countries the place must be in; undefined for anywhere. */
  countries?: ReadonlySet<string> | undefined;
}

const countriesOf = (countryCode: string | undefined) => (countryCode ? new Set([countryCode]) : undefined);

/**
 * A geocoder that needs no network: GeoNames' populated places (135,000 with 1,000 inhabitants or more) and the US
 * ZIP code centres of the `zipcodes` package. It answers at `postcode` precision for a covered
 * postcode and at `city` precision otherwise, the most populous place when a name repeats; never a region or country.
 * A free text biased to countries answers the most populous match in any of them, and the best match anywhere only
 * when none of them has one; a country or region the text names itself (`London, UK`, `London, ON`) outweighs the bias.
 * The data is loaded on the first call (see docs/geocoding.md for the time and memory that takes).
 * @example await createOfflineGeocoder().geocode({ city: 'Portland', state: 'ME', country: 'US' })
 * // { lat: 43.65737, lng: -70.2589, precision: 'city', provider: 'offline' }
 */
export function createOfflineGeocoder(): Geocoder {
  return {
    name: 'offline',
    async geocode(query, { signal } = {}) {
      const request = geocodeRequestOf(query);
      if (!request) return null;
      // A country we cannot name is a typo or nonsense; guessing past it would put the location elsewhere.
      if (request.kind === 'structured' && request.country !== undefined && request.countryCode === undefined)
        return null;
      const gazetteer = await abortable(loadGazetteer(), signal);
      if (request.kind === 'structured') {
        return locate(
          gazetteer,
          {
            ...request,
            cityCandidates: request.city ? [request.city] : [],
            countries: countriesOf(request.countryCode),
          },
          signal,
        );
      }
      const isRegion = (text: string, countryCode: string | undefined) =>
        regionsNamed(gazetteer, text, countriesOf(countryCode)) !== undefined;
      const parsed = parseFreeText(request.text, isRegion);
      const bias = request.countries ? new Set(request.countries) : undefined;
      // A visitor of a Canadian shop typing "London" means London, Ontario; one typing "Seattle" still wants an
      // answer (the nearest stores), so the bias prefers its countries rather than excluding the rest of the world.
      if (bias && !parsed.countryCode && (!parsed.state || regionsNamed(gazetteer, parsed.state, bias))) {
        const within = await locate(gazetteer, { ...parsed, countries: bias }, signal);
        if (within) return within;
      }
      const found = await locate(gazetteer, { ...parsed, countries: countriesOf(parsed.countryCode) }, signal);
      if (found || !parsed.countryCode) return found;
      // "Atlanta, Georgia": the last part named a country, but it may have been a state.
      const reread = parseFreeText(request.text, isRegion, { readCountry: false });
      return locate(gazetteer, { ...reread, countries: countriesOf(reread.countryCode) }, signal);
    },
  };
}

async function locate(
  gazetteer: Gazetteer,
  address: OfflineAddress,
  signal: AbortSignal | undefined,
): Promise<GeocodeResult | null> {
  const regions = address.state ? regionsNamed(gazetteer, address.state, address.countries) : undefined;
  if (address.postcode) {
    const area = await abortable(findPostcodeArea(address.postcode), signal);
    if (area && postcodeFits(gazetteer, area, address.countries, regions)) {
      return { lat: area.lat, lng: area.lng, precision: 'postcode', provider: 'offline' };
    }
  }
  for (const city of address.cityCandidates) {
    const place = findPlace(gazetteer, city, address.countries, regions);
    if (place) return { lat: place.lat, lng: place.lng, precision: 'city', provider: 'offline' };
  }
  return null;
}

/**
 * The regions (`US.TN`) a state name or code stands for, within the countries when they are known; undefined for none.
 */
function regionsNamed(
  gazetteer: Gazetteer,
  state: string,
  countries: ReadonlySet<string> | undefined,
): ReadonlySet<string> | undefined {
  const regions = gazetteer.regions.get(foldText(state));
  if (!regions) return undefined;
  if (!countries) return regions;
  const inCountry = new Set([...regions].filter((region) => countries.has(region.slice(0, 2))));
  return inCountry.size > 0 ? inCountry : undefined;
}

/**
 * The most populous place of that name, in the countries and region when they are known. A region that is named but
 * not recognised is ignored, as if it were not given; a recognised one that has no such place means no answer,
 * rather than the namesake of another state.
 */
function findPlace(
  gazetteer: Gazetteer,
  city: string,
  countries: ReadonlySet<string> | undefined,
  regions: ReadonlySet<string> | undefined,
): Place | undefined {
  const name = foldText(city);
  for (const index of [gazetteer.byName, gazetteer.byAlternateName]) {
    const match = index
      .get(name)
      ?.find((place) => (!countries || countries.has(place.country)) && (!regions || regions.has(place.region)));
    if (match) return match;
  }
  return undefined;
}

/**
 * Whether a postcode's area agrees with the rest of the address. Without a country, a five-digit code is only taken
 * for a US ZIP code when the state confirms it, as much of the world writes five-digit postcodes.
 */
function postcodeFits(
  gazetteer: Gazetteer,
  area: PostcodeArea,
  countries: ReadonlySet<string> | undefined,
  regions: ReadonlySet<string> | undefined,
): boolean {
  if (countries && !countries.has(area.country)) return false;
  const areaRegions = regionsNamed(gazetteer, area.state, countriesOf(area.country));
  const stateAgrees = !regions || !areaRegions || [...areaRegions].some((region) => regions.has(region));
  if (!stateAgrees) return false;
  return countries !== undefined || (regions !== undefined && areaRegions !== undefined);
}
