import { WEEKDAYS, type WeeklyHours } from '../../domain/hours.ts';
import type { AttachmentSelection, LocationView } from '../../services/locations.service.ts';
import type { LocationV2 } from '../../schemas/location.v2.ts';

type IncludeFlag = '1' | 'true' | '0' | 'false' | undefined;

/** Which attachments the include flags ask for (`1` or `true`). */
export function includesOf(query: {
  includeHours?: IncludeFlag;
  includeFilters?: IncludeFlag;
  includeFields?: IncludeFlag;
  includeCallsToAction?: IncludeFlag;
}): AttachmentSelection {
  const on = (flag: IncludeFlag) => flag === '1' || flag === 'true';
  return {
    hours: on(query.includeHours),
    filters: on(query.includeFilters),
    fields: on(query.includeFields),
    callsToAction: on(query.includeCallsToAction),
  };
}

/** The V2 body of a location; attachment keys appear only when selected. */
export function presentLocationV2(view: LocationView, selection: AttachmentSelection): LocationV2 {
  const { record: r, attachments } = view;
  const body: LocationV2 = {
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
    lat: r.lat,
    lng: r.lng,
    visible: r.visible === 1,
    location_type: r.type_name,
    marker: r.marker_public_id && r.marker_name !== null ? { id: r.marker_public_id, name: r.marker_name } : null,
    cover_image_url: r.cover_image_url,
    facebook: r.facebook,
    instagram: r.instagram,
    twitter: r.twitter,
    yelp: r.yelp,
    youtube: r.youtube,
    tiktok: r.tiktok,
    geocoding: { status: r.geocoding_status as LocationV2['geocoding']['status'], precision: r.geocoding_precision as LocationV2['geocoding']['precision'] },
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (selection.hours) {
    const row = attachments.hours.get(r.id);
    body.hours = row ? (Object.fromEntries(WEEKDAYS.map((day) => [day, row[day]])) as WeeklyHours) : null;
  }
  if (selection.filters) body.filters = attachments.filters.get(r.id) ?? [];
  if (selection.fields) body.fields = attachments.fields.get(r.id) ?? [];
  if (selection.callsToAction) body.callsToAction = attachments.callsToAction.get(r.id) ?? [];
  return body;
}
