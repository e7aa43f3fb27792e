import type { Insertable, Selectable } from 'kysely';

/** Remembered geocoding answers; `lat`, `lng` and `precision` are all null for an address the provider did not find. */
export interface GeocodeCacheTable {
  provider: string;
  address_key: string;
  lat: number | null;
  lng: number | null;
  precision: string | null;
  /** ISO 8601 UTC; answers expire by age (see `cached.geocoder.ts`). */
  created_at: string;
}

export type GeocodeCacheRow = Selectable<GeocodeCacheTable>;
export type InsertableGeocodeCacheRow = Insertable<GeocodeCacheTable>;
