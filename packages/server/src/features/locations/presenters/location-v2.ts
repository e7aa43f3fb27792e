import { WEEKDAYS, type WeeklyHours } from '../../../domain/hours.ts';
import { openingStatus } from '../../../domain/opening-status.ts';
import { readSpecialHours } from '../../../domain/special-hours.ts';
import {
  type AttachmentSelection,
  type LocationRecord,
  type LocationView,
  openingScheduleOf,
} from '../location-reads.repository.ts';
import type { LocationV2 } from '../schemas/location.v2.ts';

/** What a V2 body shows beyond the location's own keys: attachments, special hours, and the status at an instant. */
export interface V2Includes extends AttachmentSelection {
  specialHours: boolean;
  /** The instant (milliseconds since the epoch) `status` is computed for; no `status` without it. */
  statusAt?: number;
}

/**
 * Every include a write answers with, and the body a location's events carry; `status` is only for reads that ask for
 * it.
 */
export const WRITE_ANSWER_INCLUDES: V2Includes = {
  hours: true,
  filters: true,
  fields: true,
  callsToAction: true,
  specialHours: true,
};

/**
 * The V2 body of a location; attachment keys appear only when selected. Routes answer with it, and the change feed and
 * webhooks carry it with every include.
 */
export function presentLocationV2(view: LocationView, selection: V2Includes): LocationV2 {
  const { record: r, attachments } = view;
  const body: LocationV2 = {
    id: r.public_id,
    external_id: r.external_id,
    name: r.name,
    slug: r.slug,
    ...addressAndContactOf(r),
    phone_valid: r.phone === null ? null : r.phone_e164 !== null,
    lat: r.lat,
    lng: r.lng,
    visible: r.visible === 1,
    location_type: r.type_name,
    marker: r.marker_public_id && r.marker_name !== null ? { id: r.marker_public_id, name: r.marker_name } : null,
    cover_image_url: r.cover_image_url,
    ...socialsOf(r),
    geocoding: {
      status: r.geocoding_status as LocationV2['geocoding']['status'],
      precision: r.geocoding_precision as LocationV2['geocoding']['precision'],
    },
    time_zone: r.time_zone,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (selection.hours) body.hours = weeklyHoursOf(view);
  if (selection.specialHours) body.special_hours = readSpecialHours(r.special_hours);
  if (selection.statusAt !== undefined) body.status = openingStatus(openingScheduleOf(r), selection.statusAt);
  if (selection.filters) body.filters = attachments.filters.get(r.id) ?? [];
  if (selection.fields) body.fields = attachments.fields.get(r.id) ?? [];
  if (selection.callsToAction) body.callsToAction = attachments.callsToAction.get(r.id) ?? [];
  return body;
}

// The parts of a location every shape shows alike (V2 and V1 bodies, the store finder, its pins).

/** A location's address and contact keys, as V2 bodies and the store finder show them. */
export function addressAndContactOf(r: LocationRecord) {
  return {
    address: r.address,
    display_address: r.display_address,
    address_line_1: r.address_line_1,
    address_line_2: r.address_line_2,
    city: r.city,
    state: r.state,
    postcode: r.postcode,
    country: r.country,
    phone: r.phone,
    email: r.email,
    url: r.url,
  };
}

/** A location's social profiles, as V2 bodies and the store finder show them. */
export function socialsOf(r: LocationRecord) {
  return {
    facebook: r.facebook,
    instagram: r.instagram,
    twitter: r.twitter,
    yelp: r.yelp,
    youtube: r.youtube,
    tiktok: r.tiktok,
  };
}

/** A location's marker as a map draws it (the store finder's pins and results, V1 bodies); null without one. */
export function markerOf(
  r: LocationRecord,
): { id: string; name: string; color: string | null; icon_url: string | null } | null {
  if (r.marker_public_id === null || r.marker_name === null) return null;
  return { id: r.marker_public_id, name: r.marker_name, color: r.marker_color, icon_url: r.marker_icon_url };
}

/** A location's weekly hours by day, or null for a location without a schedule (coming soon). */
export function weeklyHoursOf({ record, attachments }: LocationView): WeeklyHours | null {
  const row = attachments.hours.get(record.id);
  return row ? (Object.fromEntries(WEEKDAYS.map((day) => [day, row[day]])) as WeeklyHours) : null;
}
