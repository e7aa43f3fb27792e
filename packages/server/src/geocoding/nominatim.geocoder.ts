import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { type GeocodeRequest, geocodeRequestOf } from '../domain/geocode-request.ts';
import type { GeocodePrecision, Geocoder } from './geocoder.ts';
import { GeocoderError } from './geocoder-error.ts';
import { createProviderHttp, type ProviderHttpOptions } from './http/provider-http.ts';

/** One result of Nominatim's `/search?format=jsonv2` (the fields read here; the API sends more). */
const NominatimPlace = Type.Object({
  lat: Type.String(),
  lon: Type.String(),
  osm_type: Type.Optional(Type.String()),
  category: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  addresstype: Type.Optional(Type.String()),
  place_rank: Type.Optional(Type.Number()),
});
const NominatimAnswer = Type.Array(NominatimPlace);
type NominatimPlace = Static<typeof NominatimPlace>;

export interface NominatimGeocoderOptions extends Omit<ProviderHttpOptions, 'provider' | 'requestsPerSecond'> {
  /** Base URL of the Nominatim server, e.g. `http://nominatim.internal:8080`; `/search` is appended. */
  url: string;
  /** Rate cap; default 1, what the public server's usage policy allows. */
  requestsPerSecond?: number;
}

/**
 * A geocoder asking a Nominatim server (OpenStreetMap data; meant to be self-hosted) with a structured search when the
 * address has components, a free-text one otherwise. A free text biased to countries is searched in them
 * (`countrycodes=ca,us`), and, when they hold no match, once more anywhere: `countrycodes` is a filter, and a bias
 * that turned "Seattle" on a Canadian shop into nothing would leave its visitor without the nearest stores.
 * @example createNominatimGeocoder({ url: 'http://127.0.0.1:8088', userAgent: 'Locator/0.1.0', requestTimeoutMs: 2000 })
 */
export function createNominatimGeocoder(options: NominatimGeocoderOptions): Geocoder {
  const http = createProviderHttp({
    ...options,
    provider: 'nominatim',
    requestsPerSecond: options.requestsPerSecond ?? 1,
  });
  const searchUrl = new URL('search', options.url.endsWith('/') ? options.url : `${options.url}/`);
  return {
    name: 'nominatim',
    async geocode(query, { signal } = {}) {
      const request = geocodeRequestOf(query);
      if (!request) return null;
      const found = await http.getJson(searchUrlFor(searchUrl, request), readAnswer, signal);
      if (found || request.kind === 'structured' || !request.countries) return found;
      return http.getJson(searchUrlFor(searchUrl, { kind: 'text', text: request.text }), readAnswer, signal);
    },
  };
}

function searchUrlFor(searchUrl: URL, request: GeocodeRequest): URL {
  const url = new URL(searchUrl);
  const parameters: Record<string, string | undefined> =
    request.kind === 'text'
      ? { q: request.text, countrycodes: request.countries?.join(',').toLowerCase() }
      : {
          street: request.street,
          city: request.city,
          state: request.state,
          postalcode: request.postcode,
          // A known country restricts the search by code; an unknown one is passed on for Nominatim to read.
          ...(request.countryCode ? { countrycodes: request.countryCode.toLowerCase() } : { country: request.country }),
        };
  for (const [name, value] of Object.entries({ ...parameters, format: 'jsonv2', limit: '1' })) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url;
}

function readAnswer(body: unknown) {
  if (!Value.Check(NominatimAnswer, body)) {
    throw new GeocoderError(
      'nominatim',
      'nominatim answered something other than a jsonv2 search result; check NOMINATIM_URL',
      { retryable: false },
    );
  }
  const place = body[0];
  if (!place) return null;
  const precision = nominatimPrecision(place);
  const [lat, lng] = [Number(place.lat), Number(place.lon)];
  if (!precision || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng, precision, provider: 'nominatim' };
}

/**
 * How exact a Nominatim result is, from its address rank
 * (https://nominatim.org/release-docs/latest/customize/Ranking/): 30 a building or address point (an interpolated house
 * number, returned on a street way, only `street`), 26–27 a street, 13–25 a city, town, village or neighbourhood, 5–12
 * a state or county. A postcode result is `postcode` whatever its rank. A country (rank 4) or coarser is no location:
 * null.
 */
export function nominatimPrecision(place: NominatimPlace): GeocodePrecision | null {
  const rank = place.place_rank ?? 0;
  if (place.addresstype === 'postcode' || place.type === 'postcode') return 'postcode';
  if (rank >= 28)
    return place.category === 'place' && place.type === 'house' && place.osm_type === 'way' ? 'street' : 'rooftop';
  if (rank >= 26) return 'street';
  if (rank >= 13) return 'city';
  if (rank >= 5) return 'region';
  return null;
}
