import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { type GeocodeRequest, geocodeRequestOf } from '../domain/geocode-request.ts';
import type { GeocodePrecision, GeocodeResult, Geocoder } from './geocoder.ts';
import { GeocoderError } from './geocoder-error.ts';
import { createProviderHttp, type ProviderHttpOptions } from './http/provider-http.ts';

/**
 * The Geocoding API's answer (the fields read here;
 * https://developers.google.com/maps/documentation/geocoding/requests-geocoding).
 */
const GoogleResult = Type.Object({
  types: Type.Array(Type.String()),
  geometry: Type.Object({
    location: Type.Object({ lat: Type.Number(), lng: Type.Number() }),
    location_type: Type.String(),
  }),
});
const GoogleAnswer = Type.Object({
  status: Type.String(),
  results: Type.Optional(Type.Array(GoogleResult)),
  error_message: Type.Optional(Type.String()),
});
type GoogleResult = Static<typeof GoogleResult>;

export const GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com/maps/api/geocode/json';

export interface GoogleGeocoderOptions extends Omit<ProviderHttpOptions, 'provider' | 'requestsPerSecond'> {
  apiKey: string;
  /** Endpoint; the public one unless told (tests point it at a local server). */
  baseUrl?: string;
  /** Rate cap; default 50, the API's per-second limit. */
  requestsPerSecond?: number;
}

/**
 * A geocoder asking Google's Geocoding API. The country, when it names one, restricts the search through the
 * `components` filter; the rest of the address is sent as one line. A free text biased to countries is restricted to
 * the first of them (`components=country:CA`): Google reads repeated filters as AND, so `country:CA|country:US`
 * would find nothing. When that finds nothing, it is searched once more anywhere, as the bias is no filter.
 * @example createGoogleGeocoder({ apiKey: process.env.GOOGLE_MAPS_API_KEY, userAgent: 'Locator/0.1.0', requestTimeoutMs: 2000 })
 */
export function createGoogleGeocoder(options: GoogleGeocoderOptions): Geocoder {
  const http = createProviderHttp({
    ...options,
    provider: 'google',
    requestsPerSecond: options.requestsPerSecond ?? 50,
  });
  const endpoint = new URL(options.baseUrl ?? GOOGLE_GEOCODING_URL);
  return {
    name: 'google',
    async geocode(query, { signal } = {}) {
      const request = geocodeRequestOf(query);
      if (!request) return null;
      const ask = (parameters: Record<string, string>) => {
        const url = new URL(endpoint);
        for (const [name, value] of Object.entries({ ...parameters, key: options.apiKey }))
          url.searchParams.set(name, value);
        return http.getJson(url, readAnswer, signal);
      };
      const found = await ask(parametersFor(request));
      if (found || request.kind === 'structured' || !request.countries) return found;
      return ask({ address: request.text });
    },
  };
}

function parametersFor(request: GeocodeRequest): Record<string, string> {
  if (request.kind === 'text') {
    const [first] = request.countries ?? [];
    return first ? { address: request.text, components: `country:${first}` } : { address: request.text };
  }
  const { street, city, state, postcode, country, countryCode } = request;
  const address = [street, city, [state, postcode].filter(Boolean).join(' '), countryCode ? undefined : country]
    .filter(Boolean)
    .join(', ');
  return countryCode ? { address, components: `country:${countryCode}` } : { address };
}

function readAnswer(body: unknown): GeocodeResult | null {
  if (!Value.Check(GoogleAnswer, body)) {
    throw new GeocoderError('google', 'google answered something other than a Geocoding API response', {
      retryable: false,
    });
  }
  const detail = body.error_message ? `: ${body.error_message}` : '';
  switch (body.status) {
    case 'OK':
      break;
    case 'ZERO_RESULTS':
      return null;
    case 'OVER_QUERY_LIMIT':
    case 'UNKNOWN_ERROR':
      throw new GeocoderError('google', `google answered ${body.status}${detail}`, { retryable: true });
    case 'REQUEST_DENIED':
      throw new GeocoderError(
        'google',
        `google refused the request (REQUEST_DENIED${detail}); check GOOGLE_MAPS_API_KEY and that the Geocoding API is enabled for it`,
        {
          retryable: false,
        },
      );
    default:
      throw new GeocoderError('google', `google answered ${body.status}${detail}`, { retryable: false });
  }
  const result = body.results?.[0];
  const precision = result ? googlePrecision(result) : null;
  if (!result || !precision) return null;
  return { lat: result.geometry.location.lat, lng: result.geometry.location.lng, precision, provider: 'google' };
}

const ROOFTOP_TYPES = ['street_address', 'premise', 'subpremise', 'establishment', 'point_of_interest'];
const STREET_TYPES = ['route', 'intersection'];
const POSTCODE_TYPES = ['postal_code', 'postal_code_prefix'];
const CITY_TYPES = [
  'locality',
  'sublocality',
  'neighborhood',
  'postal_town',
  'colloquial_area',
  'administrative_area_level_3',
];
const REGION_TYPES = ['administrative_area_level_1', 'administrative_area_level_2'];

/**
 * How exact a Google result is: `ROOFTOP` is a rooftop, `RANGE_INTERPOLATED` a point between two known addresses on
 * the street; for `GEOMETRIC_CENTER` and `APPROXIMATE`, the centre of whatever the result is, told by its types
 * (a building, a street, a postcode, a city, a state). A country, or anything unrecognised, is no location: null.
 */
export function googlePrecision(result: GoogleResult): GeocodePrecision | null {
  const { location_type: locationType } = result.geometry;
  const is = (types: readonly string[]) => result.types.some((type) => types.includes(type));
  if (locationType === 'ROOFTOP') return 'rooftop';
  if (locationType === 'RANGE_INTERPOLATED') return 'street';
  if (is(ROOFTOP_TYPES)) return locationType === 'GEOMETRIC_CENTER' ? 'rooftop' : 'street';
  if (is(STREET_TYPES)) return 'street';
  if (is(POSTCODE_TYPES)) return 'postcode';
  if (is(CITY_TYPES)) return 'city';
  if (is(REGION_TYPES)) return 'region';
  return null;
}
