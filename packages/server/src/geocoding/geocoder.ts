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
}

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
