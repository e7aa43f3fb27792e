import { linkTargetRefusal } from '../../../domain/link-targets.ts';
import type { LocationView } from '../location-reads.repository.ts';
import type { PublicLocationFields } from '../schemas/public-location.ts';
import { addressAndContactOf, markerOf, socialsOf, weeklyHoursOf } from './location-v2.ts';

/**
 * A location's public fields as a website's visitors see them, apart from what depends on the search or the time
 * (distance, status, upcoming special hours): attachments by name, weekly hours. Nothing internal (no V1 ID,
 * geocoding state or timestamps).
 */
export function publicFieldsOf(view: LocationView): PublicLocationFields {
  const { record: r, attachments } = view;
  return {
    id: r.public_id,
    name: r.name,
    slug: r.slug,
    ...addressAndContactOf(r),
    phone_e164: r.phone_e164,
    lat: r.lat ?? 0,
    lng: r.lng ?? 0,
    ...socialsOf(r),
    location_type: r.type_name,
    marker: markerOf(r),
    cover_image_url: r.cover_image_url,
    filters: (attachments.filters.get(r.id) ?? []).map((filter) => filter.name),
    fields: (attachments.fields.get(r.id) ?? []).map(({ name, value }) => ({ name, value })),
    // A link no write takes any more (`javascript:`, saved before calls to action were checked) is handed to no site.
    callsToAction: (attachments.callsToAction.get(r.id) ?? [])
      .filter(({ value }) => linkTargetRefusal(value) === undefined)
      .map(({ title, value }) => ({ title, value })),
    hours: weeklyHoursOf(view),
    time_zone: r.time_zone,
  };
}
