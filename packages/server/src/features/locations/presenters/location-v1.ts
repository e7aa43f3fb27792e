import { socialProfilesOf } from '../../../domain/socials.ts';
import type { LocationRecord, LocationView } from '../location-reads.repository.ts';
import type { LocationV1 } from '../schemas/location.v1.ts';
import { addressAndContactOf, markerOf, socialsOf } from './location-v2.ts';

function locationTypeOf(r: LocationRecord): LocationV1['location_type'] {
  if (r.type_public_id === null || r.type_name === null) return null;
  return {
    id: r.type_public_id,
    name: r.type_name,
    priority: String(r.type_priority ?? 0),
    default: r.type_is_default === 1,
    label: r.type_label === 1,
  };
}

function hoursOf(view: LocationView): LocationV1['hours'] {
  const row = view.attachments.hours.get(view.record.id);
  if (!row) return null;
  const { name, mon, tue, wed, thu, fri, sat, sun } = row;
  return { name, location_id: String(view.record.id), mon, tue, wed, thu, fri, sat, sun };
}

/**
 * The V1 body of a location read with every attachment: the numeric ID as a string, `location_type` as an object,
 * `cover_image`, `buttons` for the calls to action, `socials` built from the social fields, and no timestamps.
 */
export function presentLocationV1(view: LocationView): LocationV1 {
  const { record: r, attachments } = view;
  return {
    id: String(r.id),
    slug: r.slug,
    name: r.name,
    ...addressAndContactOf(r),
    lat: r.lat,
    lng: r.lng,
    visible: r.visible === 1,
    ...socialsOf(r),
    socials: socialProfilesOf(r),
    marker: markerOf(r),
    location_type: locationTypeOf(r),
    cover_image: r.cover_image_url === null ? null : { url: r.cover_image_url, name: r.cover_image_name },
    hours: hoursOf(view),
    fields: attachments.fields.get(r.id) ?? [],
    filters: attachments.filters.get(r.id) ?? [],
    buttons: attachments.callsToAction.get(r.id) ?? [],
  };
}
