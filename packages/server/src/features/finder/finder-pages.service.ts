import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../../db/database.ts';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.ts';
import { distanceUnitOf } from '../../domain/geo.ts';
import { WEEKDAYS, type Weekday } from '../../domain/hours.ts';
import { hoursAt } from '../../domain/hours-at.ts';
import type { OpeningStatus } from '../../domain/opening-status.ts';
import type { SpecialHours } from '../../domain/special-hours.ts';
import {
  ALL_ATTACHMENTS,
  loadAttachments,
  loadCatalog,
  openingScheduleOf,
  type PublicLocationFields,
  publicFieldsOf,
} from '../locations/index.ts';
import { findVisibleLocationBySlug, listVisibleLocationLinks } from './location-pages.repository.ts';
import { isSearchable } from './location-search.repository.ts';
import type { FinderMemory } from './location-search.service.ts';
import type { PublicAccess, PublishableKeys } from './publishable-keys.service.ts';

/**
 * Locations the sitemap names at most, the 50,000 addresses a sitemap holds; a project with more has its later names
 * (in name order) left out.
 */
export const MAX_LOCATION_PAGES = 50_000;

/**
 * Links a finder page lists for visitors without JavaScript, a page at a time (`?page=2`): every visitor downloads
 * the list, JavaScript or not, so a project of 100,000 locations must not make its finder a page of megabytes.
 */
export const LOCATION_LINKS_PER_PAGE = 100;

/** What a publishable key looks like; anything else is not looked up. */
const KEY_SHAPE = /^lpk_[A-Za-z0-9]{1,100}$/;

/** Why a key in a page's address gives no access: it is unknown (or revoked), or its project lacks the plan. */
export type PageKeyRefusal = 'unknown-key' | 'no-plan';

/**
 * The access a key in a page's address gives, or why it gives none. A page tells a visitor "not found" in every case,
 * and so tells no one which it was; an unknown or revoked key still counts as a failed authentication.
 */
export async function finderPageAccessOf(keys: PublishableKeys, key: string): Promise<PublicAccess | PageKeyRefusal> {
  if (!KEY_SHAPE.test(key)) return 'unknown-key';
  return keys.accessOf(key).catch((error: unknown) => {
    if (error instanceof UnauthorizedError) return 'unknown-key' as const;
    if (error instanceof ForbiddenError) return 'no-plan' as const;
    throw error;
  });
}

export interface FinderPages {
  projectName: string;
  branding: PublicAccess['branding'];
  locations: { slug: string; name: string; city: string | null; updatedAt: string }[];
  /** Whether visible locations follow those listed (in name order). */
  more: boolean;
  /** The project's marker icons, which the widget shows on its map. */
  imageUrls: string[];
}

/**
 * The project's visible locations as links to their pages, in name order: `limit` of them after the first `offset`
 * (the finder's list without JavaScript, a page at a time; the sitemap, all it may hold).
 */
export async function finderPagesOf(
  db: Kysely<Database>,
  access: PublicAccess,
  range: { limit: number; offset: number },
): Promise<FinderPages> {
  const [links, catalog] = await Promise.all([
    listVisibleLocationLinks(db, access.projectId, range.limit + 1, range.offset),
    loadCatalog(db, access.projectId),
  ]);
  return {
    projectName: access.projectName,
    branding: access.branding,
    locations: links
      .slice(0, range.limit)
      .map((link) => ({ slug: link.slug, name: link.name, city: link.city, updatedAt: link.updated_at })),
    more: links.length > range.limit,
    imageUrls: [
      ...catalog.markers.flatMap((marker) => (marker.iconUrl ? [marker.iconUrl] : [])),
      ...(access.branding.logoUrl ? [access.branding.logoUrl] : []),
    ],
  };
}

/** Other stores a location's page links to: the nearest visible, located ones. */
export const NEARBY_STORES = 3;

/** Another store near a location, as its page links to it. */
export interface NearbyStore {
  slug: string;
  name: string;
  city: string | null;
  distanceKm: number;
}

export interface LocationPage {
  projectName: string;
  location: PublicLocationFields;
  located: boolean;
  /** Whether it is open at `now`, by its own zone's clock (unknown without hours or a zone). */
  status: OpeningStatus;
  /** Its date and weekday at `now` in its zone; null without a zone, when "today" is no one day. */
  today: LocalDay | null;
  /** Special hours covering any of the next 30 days from `now` in the location's zone, as the search shows them. */
  upcoming: SpecialHours[];
  /** The nearest other stores the finder shows, nearest first (none when the location has no coordinates). */
  nearby: NearbyStore[];
  /** How its country measures distances; null when it names none. */
  unit: 'km' | 'mi' | null;
  imageUrls: string[];
}

/** A date (`YYYY-MM-DD`) and its weekday. */
export interface LocalDay {
  date: string;
  weekday: Weekday;
}

/** The date of an instant on a zone's wall clock. */
function localDayAt(now: number, timeZone: string | null): LocalDay | null {
  if (timeZone === null) return null;
  try {
    const local = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone);
    return { date: local.toPlainDate().toString(), weekday: WEEKDAYS[local.dayOfWeek - 1] ?? 'mon' };
  } catch {
    return null;
  }
}

/** A visible location's page by its slug, at `now`; undefined when the project has no visible location of that slug. */
export async function locationPageOf(
  db: Kysely<Database>,
  memory: FinderMemory,
  access: PublicAccess,
  slug: string,
  now: number,
): Promise<LocationPage | undefined> {
  const record = await findVisibleLocationBySlug(db, access.projectId, slug);
  if (!record) return undefined;
  const attachments = await loadAttachments(db, [record], ALL_ATTACHMENTS);
  const location = publicFieldsOf({ record, attachments });
  const located = isSearchable(record);
  const { status, upcoming } = hoursAt(openingScheduleOf(record), now);
  const nearby = located ? await nearbyStoresOf(db, memory, access, record.id, location, now) : [];
  return {
    projectName: access.projectName,
    location,
    located,
    status,
    today: localDayAt(now, record.time_zone),
    upcoming,
    nearby,
    unit: distanceUnitOf(record.country),
    imageUrls: [location.marker?.icon_url, location.cover_image_url].filter((url): url is string => !!url),
  };
}

/** The store finder's nearest other locations to a located one, from the project's search index. */
async function nearbyStoresOf(
  db: Kysely<Database>,
  memory: FinderMemory,
  access: PublicAccess,
  id: number,
  origin: { lat: number; lng: number },
  now: number,
): Promise<NearbyStore[]> {
  const index = await memory.indexes.of(db, access, now);
  // One more than shown, since the page's own location is among the nearest.
  const hits = index.locations
    .nearest({ origin: { lat: origin.lat, lng: origin.lng }, limit: NEARBY_STORES + 1, accept: () => true })
    .filter((hit) => hit.id !== id)
    .slice(0, NEARBY_STORES);
  const bodies = await memory.bodies.of(
    db,
    index.generation,
    hits.map((hit) => hit.id),
  );
  return hits.flatMap(({ id: hitId, distanceKm }) => {
    const json = bodies.get(hitId);
    if (json === undefined) return [];
    const fields = JSON.parse(`${json.toString()}}`) as Pick<PublicLocationFields, 'slug' | 'name' | 'city'>;
    return [{ slug: fields.slug, name: fields.name, city: fields.city, distanceKm }];
  });
}
