import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { boxAround, boxOf, centreOf, distanceKm, inBox, type Point } from '../domain/geo.ts';
import { openingStatus } from '../domain/opening-status.ts';
import type { Geocoder } from '../geocoding/geocoder.ts';
import { loadAttachments } from '../repositories/location-attachments.repository.ts';
import { findSearchCandidates, type SearchCandidates } from '../repositories/location-search.repository.ts';
import type { LocationRecord } from '../repositories/location-records.repository.ts';
import { ALL_ATTACHMENTS, openingScheduleOf, type LocationView } from './locations.service.ts';
import type { PublicAccess } from './publishable-keys.service.ts';

/** Where a visitor searches: a point, an address to geocode, or the box a map shows (optionally measured from a point). */
export type SearchPlace =
  | { kind: 'point'; point: Point }
  | { kind: 'address'; text: string; countries: readonly string[] }
  | { kind: 'box'; west: number; south: number; east: number; north: number; point?: Point };

export interface LocationSearch {
  place: SearchPlace;
  radiusKm: number;
  limit: number;
  types?: readonly string[];
  filters?: SearchCandidates['filters'];
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
  view: LocationView;
  distanceKm: number;
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
  if (place.kind === 'box') return place.point ? { ...place.point, label: null, precision: null } : { ...centreOf(place.west, place.south, place.east, place.north), label: null, precision: null };
  const answer = await geocoder
    .geocode({ address: place.text, ...(place.countries[0] ? { country: place.countries[0] } : {}) }, { signal: AbortSignal.timeout(GEOCODE_TIMEOUT_MS) })
    .catch(() => null);
  return answer ? { lat: answer.lat, lng: answer.lng, label: place.text, precision: answer.precision } : null;
}

const located = (record: LocationRecord): Point => ({ lat: record.lat ?? 0, lng: record.lng ?? 0 });

/** Nearest first, then by public ID, so equal distances always come in the same order. */
function nearest(records: LocationRecord[], origin: Point, search: LocationSearch, keep: (distance: number, record: LocationRecord) => boolean) {
  return records
    .map((record) => ({ record, distanceKm: distanceKm(origin, located(record)) }))
    .filter(({ record, distanceKm }) => keep(distanceKm, record))
    .filter(({ record }) => search.openAt === undefined || openingStatus(openingScheduleOf(record), search.openAt).open_now === true)
    .sort((a, b) => a.distanceKm - b.distanceKm || (a.record.public_id < b.record.public_id ? -1 : a.record.public_id > b.record.public_id ? 1 : 0))
    .slice(0, search.limit);
}

/**
 * The store finder's search of a project's visible, located locations: within a radius of a point or a geocoded
 * address (nearest first; the nearest anywhere when none is in range and `fallback` allows), or every match inside a
 * box. A geocoder that finds nothing gives no results and no origin.
 */
export async function searchLocations(db: Kysely<Database>, access: PublicAccess, search: LocationSearch, geocoder: Geocoder): Promise<SearchResult> {
  const origin = await originOf(search.place, geocoder);
  if (!origin) return { origin: null, hits: [], fallback: false };
  const matching = { ...(search.types ? { types: search.types } : {}), ...(search.filters ? { filters: search.filters } : {}) };
  const { place } = search;
  let fallback = false;
  let found: { record: LocationRecord; distanceKm: number }[];
  if (place.kind === 'box') {
    const box = boxOf(place.west, place.south, place.east, place.north);
    found = nearest(await findSearchCandidates(db, access.projectId, { ...matching, box }), origin, search, (_distance, record) => inBox(box, located(record)));
  } else {
    const inRange = await findSearchCandidates(db, access.projectId, { ...matching, box: boxAround(origin, search.radiusKm) });
    found = nearest(inRange, origin, search, (distance) => distance <= search.radiusKm);
    if (found.length === 0 && search.fallback) {
      found = nearest(await findSearchCandidates(db, access.projectId, matching), origin, search, () => true);
      fallback = found.length > 0;
    }
  }
  const records = found.map(({ record }) => record);
  const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
  return { origin, fallback, hits: found.map(({ record, distanceKm }) => ({ view: { record, attachments }, distanceKm })) };
}
