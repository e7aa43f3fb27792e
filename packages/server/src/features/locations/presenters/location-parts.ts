import { WEEKDAYS, type WeeklyHours } from '../../../domain/hours.ts';
import type { LocationRecord } from '../location-records.repository.ts';
import type { LocationView } from '../location-views.ts';

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
