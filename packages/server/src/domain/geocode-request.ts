import { createHash } from 'node:crypto';
import { countryCodeOf } from './countries.ts';
import { foldPostcode, foldText } from './fold-text.ts';

/** How exact a geocoding answer is, from a building's roof to a whole region. */
export type GeocodePrecision = 'rooftop' | 'street' | 'postcode' | 'city' | 'region';

/** The address of a location as the geocoder sees it; any part may be missing. */
export interface GeocodeQuery {
  address?: string | null;
  address_line_1?: string | null;
  address_line_2?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
  country?: string | null;
  /**
   * For a free-text `address` only: ISO 3166-1 alpha-2 codes of the countries to look in first (a store finder's
   * `country=`), the first preferred where a provider can take one country only. A location's own `country` is not
   * among them: its address is geocoded as it always was.
   */
  countries?: readonly string[] | null;
}

/** An address split into the parts a geocoder searches by; a missing part is undefined. */
export interface StructuredGeocodeRequest {
  kind: 'structured';
  /** House number and street (`address_line_1`); `address_line_2` (suite, floor) never moves the point. */
  street?: string;
  city?: string;
  state?: string;
  postcode?: string;
  /** The country as given. */
  country?: string;
  /** ISO 3166-1 alpha-2 code of `country`, when it names one. */
  countryCode?: string;
}

/** A free-text address, used when the location has no city or postcode to search by. */
export interface TextGeocodeRequest {
  kind: 'text';
  text: string;
  /** ISO 3166-1 alpha-2 codes in upper case, without repeats, in the order given; absent when none was. */
  countries?: string[];
}

export type GeocodeRequest = StructuredGeocodeRequest | TextGeocodeRequest;

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * What a geocoder should search for: the address components when a city or postcode is among them (they are more
 * precise than the free text, which is usually generated from them), otherwise the free-text `address`.
 * Null when nothing locates the address (a country or state alone is never geocoded: its centre is no location).
 * @example geocodeRequestOf({ city: 'Nashville', state: 'TN', country: 'USA' })
 * // { kind: 'structured', city: 'Nashville', state: 'TN', country: 'USA', countryCode: 'US' }
 */
export function geocodeRequestOf(query: GeocodeQuery): GeocodeRequest | null {
  const city = present(query.city);
  const postcode = present(query.postcode);
  if (city || postcode) {
    const country = present(query.country);
    const request: StructuredGeocodeRequest = { kind: 'structured' };
    const street = present(query.address_line_1);
    const state = present(query.state);
    const countryCode = country ? countryCodeOf(country) : undefined;
    if (street) request.street = street;
    if (city) request.city = city;
    if (state) request.state = state;
    if (postcode) request.postcode = postcode;
    if (country) request.country = country;
    if (countryCode) request.countryCode = countryCode;
    return request;
  }
  const text = present(query.address);
  if (!text || foldText(text) === '') return null;
  const countries = countryCodesOf(query.countries ?? []);
  return countries.length > 0 ? { kind: 'text', text, countries } : { kind: 'text', text };
}

/**
 * Country codes as a search is biased by them: trimmed, upper case, each once, in the order given; anything that is
 * not two letters is dropped (the HTTP layer refuses it before it gets here).
 * @example countryCodesOf([' ca', 'US', 'ca']) // ["CA", "US"]
 */
export function countryCodesOf(codes: readonly string[]): string[] {
  const upper = codes.map((code) => code.trim().toUpperCase()).filter((code) => /^[A-Z]{2}$/.test(code));
  return [...new Set(upper)];
}

/**
 * The key under which a geocoding answer is remembered: the searched parts folded (case, accents, punctuation,
 * spacing) and the country reduced to its ISO code, so `München, DE` and `munchen, Germany` share one answer.
 * A free text biased to countries adds them in their order, which can change the answer (Google filters by the first
 * only); without countries the key is the one kept before they existed, so the rows cached then stay valid.
 * @example geocodeCacheKey({ kind: 'structured', city: 'São  Paulo', country: 'Brasil', countryCode: 'BR' })
 * // "s||sao paulo|||br"
 * @example geocodeCacheKey({ kind: 'text', text: 'London', countries: ['CA', 'US'] }) // "t|london|ca,us"
 */
export function geocodeCacheKey(request: GeocodeRequest): string {
  if (request.kind === 'text') {
    // Folded text has no `|`, so the countries can never be mistaken for part of it.
    const key = `t|${foldText(request.text)}`;
    return request.countries ? `${key}|${request.countries.join(',').toLowerCase()}` : key;
  }
  const country = request.countryCode ?? (request.country ? foldText(request.country) : '');
  const parts = [request.street, request.city, request.state].map((part) => (part ? foldText(part) : ''));
  return ['s', ...parts, request.postcode ? foldPostcode(request.postcode) : '', country.toLowerCase()].join('|');
}

/**
 * The cache key of a visitor's search: the SHA-256 of its key, so the cache answers the same text again without
 * keeping the text a visitor typed (which may be their own address).
 * @example privateCacheKey('t|london') // "h|<64 hex digits>"
 */
export function privateCacheKey(key: string): string {
  return `h|${createHash('sha256').update(key).digest('hex')}`;
}

/** The address parts of a location, as a geocoder reads them. */
export function geocodeQueryOf(location: GeocodeQuery): GeocodeQuery {
  const { address, address_line_1, address_line_2, city, state, postcode, country } = location;
  return { address, address_line_1, address_line_2, city, state, postcode, country };
}
