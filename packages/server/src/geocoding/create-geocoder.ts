import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { withGeocodeCache } from './cached.geocoder.ts';
import type { Geocoder } from './geocoder.ts';
import { createGoogleGeocoder } from './google.geocoder.ts';
import { userAgentFor } from './http/user-agent.ts';
import { createNominatimGeocoder } from './nominatim.geocoder.ts';
import { createNoneGeocoder } from './none.geocoder.ts';
import { createOfflineGeocoder } from './offline.geocoder.ts';

// Google's terms allow keeping geocoded coordinates for at most 30 consecutive days.
const GOOGLE_MAX_CACHE_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface GeocoderDependencies {
  /** When given, answers are kept in `geocode_cache` so an address is geocoded once (not for `none`). */
  db?: Kysely<Database>;
  /** Milliseconds since the epoch, for the cache's ages. */
  clock?: () => number;
}

/**
 * The geocoder `GEOCODER` chooses (`offline` unless told), cached in the database when one is given. Each HTTP
 * attempt is bounded by `GEOCODER_TIMEOUT_MS`; a caller bounding the whole call (retries included) passes a signal:
 * @example
 * const geocoder = createGeocoder(config, { db: database.db, clock: Date.now });
 * await geocoder.geocode(location, { signal: AbortSignal.timeout(config.geocoder.timeoutMs) });
 */
export function createGeocoder(config: Config, { db, clock }: GeocoderDependencies = {}): Geocoder {
  const settings = config.geocoder;
  const http = { userAgent: userAgentFor(config.publicUrl), requestTimeoutMs: settings.timeoutMs };
  let geocoder: Geocoder;
  switch (settings.provider) {
    case 'none':
      return createNoneGeocoder();
    case 'offline':
      geocoder = createOfflineGeocoder();
      break;
    case 'nominatim':
      geocoder = createNominatimGeocoder({ ...http, url: settings.url, requestsPerSecond: settings.requestsPerSecond });
      break;
    case 'google':
      geocoder = createGoogleGeocoder({
        ...http,
        apiKey: settings.apiKey,
        requestsPerSecond: settings.requestsPerSecond,
      });
      break;
  }
  if (!db) return geocoder;
  return withGeocodeCache(geocoder, {
    db,
    ...(clock ? { clock } : {}),
    ...(settings.provider === 'google' ? { maxAgeMs: GOOGLE_MAX_CACHE_AGE_MS } : {}),
  });
}
