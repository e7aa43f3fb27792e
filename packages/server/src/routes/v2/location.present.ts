import { InvalidInputError } from '../../domain/errors.ts';
import { WEEKDAYS, type WeeklyHours } from '../../domain/hours.ts';
import { openingStatus } from '../../domain/opening-status.ts';
import { readSpecialHours } from '../../domain/special-hours.ts';
import { instantOf } from '../../domain/time.ts';
import { ALL_ATTACHMENTS, openingScheduleOf, type AttachmentSelection, type LocationView } from '../../services/locations.service.ts';
import type { LocationV2 } from '../../schemas/location.v2.ts';

type IncludeFlag = '1' | 'true' | '0' | 'false' | undefined;

/** What a V2 body shows beyond the location's own keys: attachments, special hours, and the status at an instant. */
export interface V2Includes extends AttachmentSelection {
  specialHours: boolean;
  /** The instant (milliseconds since the epoch) `status` is computed for; no `status` without it. */
  statusAt?: number;
}

/** Every include a write answers with; `status` is only for reads that ask for it. */
export const WRITE_ANSWER_INCLUDES: V2Includes = { ...ALL_ATTACHMENTS, specialHours: true };

/** Which includes the flags ask for (`1` or `true`); `status` is computed at `at`, or else at `now`. */
export function includesOf(
  query: {
    includeHours?: IncludeFlag;
    includeSpecialHours?: IncludeFlag;
    includeStatus?: IncludeFlag;
    includeFilters?: IncludeFlag;
    includeFields?: IncludeFlag;
    includeCallsToAction?: IncludeFlag;
    at?: string;
  },
  now: number,
): V2Includes {
  const on = (flag: IncludeFlag) => flag === '1' || flag === 'true';
  return {
    hours: on(query.includeHours),
    specialHours: on(query.includeSpecialHours),
    filters: on(query.includeFilters),
    fields: on(query.includeFields),
    callsToAction: on(query.includeCallsToAction),
    ...(on(query.includeStatus) ? { statusAt: query.at === undefined ? now : instantAt(query.at) } : {}),
  };
}

function instantAt(text: string): number {
  const instant = instantOf(text);
  if (instant === undefined) throw InvalidInputError.fields({ at: ['must be an ISO 8601 date-time with an offset, e.g. 2026-12-24T17:00:00-06:00'] });
  return Date.parse(instant);
}

/** The V2 body of a location; attachment keys appear only when selected. */
export function presentLocationV2(view: LocationView, selection: V2Includes): LocationV2 {
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
    time_zone: r.time_zone,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (selection.hours) {
    const row = attachments.hours.get(r.id);
    body.hours = row ? (Object.fromEntries(WEEKDAYS.map((day) => [day, row[day]])) as WeeklyHours) : null;
  }
  if (selection.specialHours) body.special_hours = readSpecialHours(r.special_hours);
  if (selection.statusAt !== undefined) body.status = openingStatus(openingScheduleOf(r), selection.statusAt);
  if (selection.filters) body.filters = attachments.filters.get(r.id) ?? [];
  if (selection.fields) body.fields = attachments.fields.get(r.id) ?? [];
  if (selection.callsToAction) body.callsToAction = attachments.callsToAction.get(r.id) ?? [];
  return body;
}
