import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { UnavailableError } from '../../domain/errors.ts';
import { boxOf, centreOf, type Point } from '../../domain/geo.ts';
import type { LiveHit } from '../../domain/live-point-index.ts';
import type { Geocoder } from '../../geocoding/geocoder.ts';
import { GeocoderError } from '../../geocoding/geocoder-error.ts';
import type { PublicAccess } from './publishable-keys.service.ts';
import {
  type FacetCounts,
  type FinderHours,
  type FinderLocation,
  finderHoursAt,
  type StoreFinderIndexes,
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
  location: FinderLocation;
  distanceKm: number;
  /** Status and upcoming special hours at the search's instant. */
  hours: FinderHours;
}

export interface SearchResult {
  origin: SearchOrigin | null;
  hits: SearchHit[];
  /** True when the hits are the nearest ones beyond the radius. */
  fallback: boolean;
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
 * Whether some location may match the search's types and filters, by the index's counts: a search for a type or
 * filter no location has (a misspelt or renamed one) is answered without looking at any location.
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

/** Whether a location matches a search's types, filters and `open_now`, each ignoring case. */
function matcher(search: LocationSearch): (location: FinderLocation) => boolean {
  const types =
    search.types && search.types.length > 0 ? new Set(search.types.map((name) => name.toLowerCase())) : undefined;
  const filters =
    search.filters && search.filters.names.length > 0
      ? [...new Set(search.filters.names.map((name) => name.toLowerCase()))]
      : undefined;
  const all = search.filters?.match !== 'any';
  const { openAt } = search;
  return (location) => {
    if (types && (location.typeName === null || !types.has(location.typeName))) return false;
    if (
      filters &&
      !(all
        ? filters.every((name) => location.filterNames.has(name))
        : filters.some((name) => location.filterNames.has(name)))
    )
      return false;
    return openAt === undefined || finderHoursAt(location, openAt).status.open_now === true;
  };
}

/** Orders locations at the same distance by public ID. */
const byPublicId = (a: FinderLocation, b: FinderLocation) =>
  a.publicId < b.publicId ? -1 : a.publicId > b.publicId ? 1 : 0;

/**
 * The store finder's search of a project's visible, located locations: within a radius of a point or a geocoded
 * address (nearest first, then by public ID; the nearest anywhere when none is in range and `fallback` allows), or
 * every match inside a box. A geocoder that finds nothing gives no results and no origin. `now` is the instant
 * statuses are given at; `clock` the time of the request.
 */
export async function searchLocations(
  db: Kysely<Database>,
  indexes: StoreFinderIndexes,
  access: PublicAccess,
  search: LocationSearch,
  options: { geocoder: Geocoder; now: number; clock: number },
): Promise<SearchResult> {
  const origin = await originOf(search.place, options.geocoder);
  if (!origin) return { origin: null, hits: [], fallback: false };
  const { locations, counts } = await indexes.of(db, access, options.clock);
  if (!anyMayMatch(search, counts)) return { origin, hits: [], fallback: false };
  const query = { origin, limit: search.limit, accept: matcher(search), tieBreak: byPublicId };
  const { place } = search;
  let fallback = false;
  let found: LiveHit<FinderLocation>[];
  if (place.kind === 'box') found = locations.inBox(boxOf(place.west, place.south, place.east, place.north), query);
  else {
    found = locations.nearest({ ...query, radiusKm: search.radiusKm });
    if (found.length === 0 && search.fallback) {
      found = locations.nearest(query);
      fallback = found.length > 0;
    }
  }
  const hits = found.map(({ item, distanceKm }) => ({
    location: item,
    distanceKm,
    hours: finderHoursAt(item, options.now),
  }));
  return { origin, fallback, hits };
}
