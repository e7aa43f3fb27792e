import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { GeocodeCacheRow } from '../db/tables/geocode-cache.table.ts';
import { geocodeCacheKey, geocodeRequestOf, privateCacheKey } from '../domain/geocode-request.ts';
import { findGeocodeCacheEntry, saveGeocodeCacheEntry } from './geocode-cache.repository.ts';
import type { GeocodePrecision, GeocodeResult, Geocoder } from './geocoder.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRECISIONS: ReadonlySet<string> = new Set<GeocodePrecision>(['rooftop', 'street', 'postcode', 'city', 'region']);

export interface GeocodeCacheOptions {
  db: Kysely<Database>;
  /** Milliseconds since the epoch; injectable so tests control time. */
  clock?: () => number;
  /** Age at which a found answer is asked again; unset keeps it for good. */
  maxAgeMs?: number;
  /** Age at which a "not found" is asked again, in case the provider has learnt the place since. Default 30 days. */
  notFoundMaxAgeMs?: number;
}

/**
 * Wraps a geocoder so that each address is asked once: answers, "not found" included, are kept in `geocode_cache`
 * under the provider's name and the normalised address (`domain/geocode-request.ts`), so `München, DE` and
 * `munchen, Germany` share one entry. Failures (`GeocoderError`, an aborted call) are not kept, nor a "not found" asked
 * for with `rememberNotFound: false`; a visitor's text (`privateText`) is kept under its hash only.
 * @example withGeocodeCache(createGeocoder(config), { db: database.db, clock: Date.now })
 */
export function withGeocodeCache(inner: Geocoder, options: GeocodeCacheOptions): Geocoder {
  const { db, clock = Date.now, maxAgeMs = Number.POSITIVE_INFINITY, notFoundMaxAgeMs = 30 * DAY_MS } = options;
  return {
    name: inner.name,
    async geocode(query, geocodeOptions) {
      const request = geocodeRequestOf(query);
      if (!request) return null;
      const addressKey = geocodeOptions?.privateText
        ? privateCacheKey(geocodeCacheKey(request))
        : geocodeCacheKey(request);
      const cached = await findGeocodeCacheEntry(db, inner.name, addressKey);
      if (cached) {
        const answer = answerOf(cached);
        const age = clock() - Date.parse(cached.created_at);
        if (answer !== undefined && age < (answer ? maxAgeMs : notFoundMaxAgeMs)) return answer;
      }
      const result = await inner.geocode(query, geocodeOptions);
      if (result === null && geocodeOptions?.rememberNotFound === false) return null;
      const entry = {
        provider: inner.name,
        address_key: addressKey,
        lat: result?.lat ?? null,
        lng: result?.lng ?? null,
        precision: result?.precision ?? null,
        created_at: new Date(clock()).toISOString(),
      };
      await db.transaction().execute((trx) => saveGeocodeCacheEntry(trx, entry));
      return result;
    },
  };
}

/** The remembered answer: a result, null for "not found", or undefined for a row this code cannot read. */
function answerOf(row: GeocodeCacheRow): GeocodeResult | null | undefined {
  if (row.lat === null && row.lng === null && row.precision === null) return null;
  if (row.lat === null || row.lng === null || row.precision === null || !isPrecision(row.precision)) return undefined;
  return { lat: row.lat, lng: row.lng, precision: row.precision, provider: row.provider };
}

function isPrecision(value: string): value is GeocodePrecision {
  return PRECISIONS.has(value);
}
