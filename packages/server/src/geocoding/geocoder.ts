import type { GeocodePrecision, GeocodeQuery } from '../domain/geocode-request.ts';

export type { GeocodePrecision, GeocodeQuery };

export interface GeocodeResult {
  lat: number;
  lng: number;
  precision: GeocodePrecision;
  /** The provider that answered (`offline`, `nominatim`, `google`). */
  provider: string;
}

export interface GeocodeOptions {
  signal?: AbortSignal;
  /**
   * Whether a cache keeps a "not found" (default true). A visitor's search passes false: anyone may send any text,
   * and only the texts that name a place (a bounded set) should take room in the database.
   */
  rememberNotFound?: boolean;
  /** A visitor's text: a cache keeps it only as a hash (`privateCacheKey`), so no visitor's words are stored. */
  privateText?: boolean;
}

/** Turns an address into coordinates, or null when it has no trustworthy answer. */
export interface Geocoder {
  readonly name: string;
  geocode(query: GeocodeQuery, options?: GeocodeOptions): Promise<GeocodeResult | null>;
}
