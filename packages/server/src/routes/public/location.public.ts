import type { HoursAt } from '../../domain/hours-at.ts';
import { WEEKDAYS, type WeeklyHours } from '../../domain/hours.ts';
import { KM_PER_MILE } from '../../domain/geo.ts';
import type { PublicLocation } from '../../schemas/public-search.ts';
import type { LocationView } from '../../services/locations.service.ts';

/**
 * A location as a website's visitors see it: public fields, attachments by name, weekly hours, the status and the
 * special hours ahead that the search worked out, and the distance from the search's origin. Nothing internal (no V1
 * ID, geocoding state or timestamps).
 */
export function presentPublicLocation(view: LocationView, distanceKm: number, unit: 'km' | 'mi', hoursNow: HoursAt): PublicLocation {
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
    special_hours: hoursNow.upcoming,
    time_zone: r.time_zone,
    status: hoursNow.status,
    distance: { value: Math.round(distance * 100) / 100, unit, meters: Math.round(distanceKm * 1000) },
  };
}
