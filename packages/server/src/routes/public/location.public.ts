import { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, type WeeklyHours } from '../../domain/hours.ts';
import { KM_PER_MILE } from '../../domain/geo.ts';
import { openingStatus } from '../../domain/opening-status.ts';
import { datesOf, readSpecialHours, type SpecialHours } from '../../domain/special-hours.ts';
import type { PublicLocation } from '../../schemas/public-search.ts';
import { openingScheduleOf, type LocationView } from '../../services/locations.service.ts';

const UPCOMING_DAYS = 30;

/** Special hours that cover any of the next 30 days, counted from the location's local date (UTC without a zone). */
function upcoming(items: SpecialHours[], timeZone: string | null, now: number): SpecialHours[] {
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone ?? 'UTC').toPlainDate();
  const first = today.toString();
  const last = today.add({ days: UPCOMING_DAYS }).toString();
  return items.filter((item) => datesOf(item).last >= first && datesOf(item).first <= last);
}

/**
 * A location as a website's visitors see it: public fields, attachments by name, hours with the special ones ahead,
 * the status at `now`, and the distance from the search's origin. Nothing internal (no V1 ID, geocoding state or
 * timestamps).
 */
export function presentPublicLocation(view: LocationView, distanceKm: number, unit: 'km' | 'mi', now: number): PublicLocation {
  const { record: r, attachments } = view;
  const hours = attachments.hours.get(r.id);
  const distance = unit === 'mi' ? distanceKm / KM_PER_MILE : distanceKm;
  return {
    id: r.public_id,
    name: r.name,
    slug: r.slug,
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
    lat: r.lat ?? 0,
    lng: r.lng ?? 0,
    facebook: r.facebook,
    instagram: r.instagram,
    twitter: r.twitter,
    yelp: r.yelp,
    youtube: r.youtube,
    tiktok: r.tiktok,
    location_type: r.type_name,
    marker: r.marker_public_id && r.marker_name !== null ? { id: r.marker_public_id, name: r.marker_name, color: r.marker_color, icon_url: r.marker_icon_url } : null,
    cover_image_url: r.cover_image_url,
    filters: (attachments.filters.get(r.id) ?? []).map((filter) => filter.name),
    fields: (attachments.fields.get(r.id) ?? []).map(({ name, value }) => ({ name, value })),
    callsToAction: (attachments.callsToAction.get(r.id) ?? []).map(({ title, value }) => ({ title, value })),
    hours: hours ? (Object.fromEntries(WEEKDAYS.map((day) => [day, hours[day]])) as WeeklyHours) : null,
    special_hours: upcoming(readSpecialHours(r.special_hours), r.time_zone, now),
    time_zone: r.time_zone,
    status: openingStatus(openingScheduleOf(r), now),
    distance: { value: Math.round(distance * 100) / 100, unit, meters: Math.round(distanceKm * 1000) },
  };
}
