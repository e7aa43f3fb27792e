import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface LocationsTable {
  /** The numeric V1 ID. */
  id: Generated<number>;
  public_id: string;
  project_id: number;
  /** The location's key in the business's own systems, unique in the project; null when it has none. */
  external_id: string | null;
  slug: string;
  name: string;
  address: string;
  /** 1 when `address` was generated from the components, 0 when the user gave it. */
  address_generated: number;
  display_address: string;
  /** 1 when `display_address` follows `address`, 0 when the user gave it. */
  display_address_generated: number;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  phone: string | null;
  /** `phone` in E.164, read in the location's country (else the project's); null when none or it does not read. */
  phone_e164: string | null;
  email: string | null;
  url: string | null;
  lat: number | null;
  lng: number | null;
  visible: number;
  location_type_id: number | null;
  marker_id: number | null;
  cover_image_url: string | null;
  cover_image_name: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  yelp: string | null;
  youtube: string | null;
  tiktok: string | null;
  /** `pending`, `done`, `failed` (geocoding) or `manual` (coordinates given by a user). */
  geocoding_status: Generated<string>;
  /** Precision of geocoded coordinates (`rooftop` … `region`), null when manual or not geocoded. */
  geocoding_precision: string | null;
  /** IANA zone of the opening hours; derived from the coordinates unless `time_zone_manual`. */
  time_zone: string | null;
  /** 1 when a user set `time_zone`, so moving the pin keeps it. */
  time_zone_manual: Generated<number>;
  /** JSON list of special hours (see domain/special-hours.ts), null when there are none. */
  special_hours: string | null;
  /** The project's `data_version` of the row's last write: what the store finder's index reads to catch up. */
  data_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type LocationRow = Selectable<LocationsTable>;
export type InsertableLocationRow = Insertable<LocationsTable>;
export type UpdateableLocationRow = Updateable<LocationsTable>;
