import type { GeocodePrecision, GeocodeQuery } from '../domain/geocode-request.ts';

export type { GeocodePrecision, GeocodeQuery };

export interface GeocodeResult {
  lat: number;
  lng: number;
  precision: GeocodePrecision;
  /** The provider that answered (`offline`, `nominatim`, `google`). */
  provider: string;
}

/** Turns an address into coordinates, or null when it has no trustworthy answer. */
export interface Geocoder {
  readonly name: string;
  geocode(query: GeocodeQuery, options?: { signal?: AbortSignal }): Promise<GeocodeResult | null>;
}
