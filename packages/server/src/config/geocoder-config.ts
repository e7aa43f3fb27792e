/** Which geocoder turns addresses into coordinates, and what it needs. */
export type GeocoderConfig =
  | { provider: 'offline' | 'none'; timeoutMs: number }
  | { provider: 'nominatim'; timeoutMs: number; url: string; requestsPerSecond: number }
  | { provider: 'google'; timeoutMs: number; apiKey: string; requestsPerSecond: number };

export const GEOCODER_PROVIDERS = ['offline', 'nominatim', 'google', 'none'] as const;

/** The geocoding variables of the environment, already checked for type and range. */
export interface GeocoderVariables {
  GEOCODER: (typeof GEOCODER_PROVIDERS)[number];
  NOMINATIM_URL?: string | undefined;
  GOOGLE_MAPS_API_KEY?: string | undefined;
  GEOCODER_TIMEOUT_MS: number;
  GEOCODER_REQUESTS_PER_SECOND?: number | undefined;
}

/**
 * The geocoder configuration, or the one line saying what is missing for the chosen provider.
 * @example geocoderConfigOf({ GEOCODER: 'nominatim', GEOCODER_TIMEOUT_MS: 2000 })
 * // "GEOCODER=nominatim needs NOMINATIM_URL, the base URL of your Nominatim server (e.g. http://nominatim:8080)"
 */
export function geocoderConfigOf(variables: GeocoderVariables): GeocoderConfig | string {
  const {
    GEOCODER: provider,
    GEOCODER_TIMEOUT_MS: timeoutMs,
    GEOCODER_REQUESTS_PER_SECOND: requestsPerSecond,
  } = variables;
  switch (provider) {
    case 'offline':
    case 'none':
      return { provider, timeoutMs };
    case 'nominatim':
      if (!variables.NOMINATIM_URL)
        return 'GEOCODER=nominatim needs NOMINATIM_URL, the base URL of your Nominatim server (e.g. http://nominatim:8080)';
      return { provider, timeoutMs, url: variables.NOMINATIM_URL, requestsPerSecond: requestsPerSecond ?? 1 };
    case 'google':
      if (!variables.GOOGLE_MAPS_API_KEY)
        return 'GEOCODER=google needs GOOGLE_MAPS_API_KEY, a key with the Geocoding API enabled';
      return { provider, timeoutMs, apiKey: variables.GOOGLE_MAPS_API_KEY, requestsPerSecond: requestsPerSecond ?? 50 };
  }
}
