import { WEEKDAYS, type WeeklyHours } from '../domain/hours.ts';
import type { PinsAnswer } from '../schemas/public-finder.ts';
import type { PublicLocationFields } from '../schemas/public-search.ts';
import { addressAndContactOf, socialsOf } from './location-body.v2.ts';
import type { LocationView } from './locations.service.ts';

/**
 * A location's public fields as a website's visitors see them, apart from what depends on the search or the time
 * (distance, status, upcoming special hours): attachments by name, weekly hours. Nothing internal (no V1 ID,
 * geocoding state or timestamps).
 */
export function publicFieldsOf({ record: r, attachments }: LocationView): PublicLocationFields {
  const hours = attachments.hours.get(r.id);
  return {
    id: r.public_id,
    name: r.name,
    slug: r.slug,
    ...addressAndContactOf(r),
    lat: r.lat ?? 0,
    lng: r.lng ?? 0,
    ...socialsOf(r),
    location_type: r.type_name,
    marker: markerOf(r),
    cover_image_url: r.cover_image_url,
    filters: (attachments.filters.get(r.id) ?? []).map((filter) => filter.name),
    fields: (attachments.fields.get(r.id) ?? []).map(({ name, value }) => ({ name, value })),
    callsToAction: (attachments.callsToAction.get(r.id) ?? []).map(({ title, value }) => ({ title, value })),
    hours: hours ? (Object.fromEntries(WEEKDAYS.map((day) => [day, hours[day]])) as WeeklyHours) : null,
    time_zone: r.time_zone,
  };
}

function markerOf(r: LocationView['record']): PublicLocationFields['marker'] {
  return r.marker_public_id && r.marker_name !== null
    ? { id: r.marker_public_id, name: r.marker_name, color: r.marker_color, icon_url: r.marker_icon_url }
    : null;
}

/** The location as a map's pin: a GeoJSON point with its ID, name, marker and type. */
export function pinOf({ record: r }: LocationView): PinsAnswer['features'][number] {
  return {
    type: 'Feature',
    id: r.public_id,
    geometry: { type: 'Point', coordinates: [r.lng ?? 0, r.lat ?? 0] },
    properties: { id: r.public_id, name: r.name, marker: markerOf(r), type: r.type_name },
  };
}
