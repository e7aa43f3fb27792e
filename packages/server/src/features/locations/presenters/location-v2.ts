import { openingStatus } from '../../../domain/opening-status.ts';
import { readSpecialHours } from '../../../domain/special-hours.ts';
import type { AttachmentSelection } from '../location-attachments.repository.ts';
import { type LocationView, openingScheduleOf } from '../location-views.ts';
import type { LocationV2 } from '../schemas/location.v2.ts';
import { addressAndContactOf, socialsOf, weeklyHoursOf } from './location-parts.ts';

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
