import type { AddressComponents } from './address.ts';
import type { HoursInput, WeeklyHours } from './hours.ts';
import type { OptionalTextField } from './location-fields.ts';
import type { SpecialHoursInput } from './special-hours.ts';

// What a write of a location takes (its input, the saved state it starts from, how lenient its API version is) and
// what it plans (`planLocationWrite`): the columns and attachments it changes.

/** A client's location input once aliases are resolved; every key optional, as PATCH sees it. */
export interface LocationInput extends Partial<Record<OptionalTextField, string | null>> {
  name?: string;
  /** The location's key in the business's own systems; null or "" removes it. */
  external_id?: string | null;
  address?: string | null;
  display_address?: string | null;
  lat?: number | null;
  lng?: number | null;
  visible?: boolean;
  location_type?: string | null;
  marker?: string | null;
  cover?: string | null;
  hours?: HoursInput | null;
  /** An IANA zone; null or "" lets it follow the coordinates again. */
  time_zone?: string | null;
  /** Replaces the saved list; `[]` clears it. */
  special_hours?: SpecialHoursInput[];
  filters?: string[];
  fields?: Record<string, string | null>;
  callsToAction?: Record<string, string | null>;
}

/** The saved state a write starts from (absent on create). */
export interface CurrentLocation extends AddressComponents {
  address: string;
  address_generated: number;
  display_address: string;
  display_address_generated: number;
  lat: number | null;
  lng: number | null;
  location_type_id: number | null;
  marker_id: number | null;
  /** The saved schedule, or null for a coming-soon location. */
  hours: WeeklyHours | null;
  /** 1 when a user set the time zone, which then stays when the pin moves. */
  time_zone_manual: number;
  phone: string | null;
}

/**
 * - `create`: POST; omitted selections take the project defaults.
 * - `replace`: PUT; supplied attachment sets replace the saved ones, omitted marker and type reset to defaults.
 * - `patch`: PATCH; everything omitted keeps its saved value, fields and calls to action merge by name.
 */
export type WriteMode = 'create' | 'replace' | 'patch';

/**
 * How lenient the API version is: V1 treats a missing or unknown `location_type` as the default and keeps the current
 * type when its name is sent again; V2 rejects unknown names with 422.
 */
export interface WritePolicy {
  legacyLocationType: boolean;
  /**
   * V1 cannot write the marker, so its PUT keeps the saved one instead of resetting an omitted marker to the
   * project default as V2 PUT does. A create still takes the default.
   */
  keepMarker?: boolean;
  /**
   * A plan that is only reported, never saved (an import's dry run), leaves out what is worked out only to be saved:
   * the phone number's E.164 form, the costliest part of planning a row.
   */
  reportOnly?: boolean;
}

/** Column values to write; only keys present change. */
export interface LocationColumns extends Partial<Record<OptionalTextField, string | null>> {
  name?: string;
  external_id?: string | null;
  address?: string;
  address_generated?: number;
  display_address?: string;
  display_address_generated?: number;
  lat?: number | null;
  lng?: number | null;
  visible?: number;
  location_type_id?: number | null;
  marker_id?: number | null;
  cover_image_url?: string | null;
  cover_image_name?: string | null;
  geocoding_status?: GeocodingStatus;
  geocoding_precision?: string | null;
  time_zone?: string | null;
  time_zone_manual?: number;
  /** The special hours as JSON, null for none. */
  special_hours?: string | null;
  /** The phone number in E.164 (`+15125550199`), null when there is none or it does not read as one. */
  phone_e164?: string | null;
}

/** Where a location's coordinates come from: a geocoder (pending, done, failed) or a user (manual). */
export type GeocodingStatus = 'pending' | 'done' | 'failed' | 'manual';

export type HoursChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; hours: WeeklyHours };

/** A change to a set of named values (fields, calls to action) by catalog ID. */
export type ValuesChange =
  | { kind: 'keep' }
  | { kind: 'replace'; values: Map<number, string> }
  | { kind: 'merge'; upsert: Map<number, string>; remove: number[] };

export interface LocationWritePlan {
  columns: LocationColumns;
  hours: HoursChange;
  /** Filter IDs replacing the saved set, or undefined to keep it. */
  filters: number[] | undefined;
  fields: ValuesChange;
  callsToAction: ValuesChange;
  /** True when the coordinates after the write are missing or zero, so the address must be geocoded. */
  needsGeocoding: boolean;
}
