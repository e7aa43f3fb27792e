import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { InvalidInputError, NotFoundError } from '../domain/errors.ts';
import type { Actor } from '../domain/events.ts';
import { newPublicId } from '../domain/ids.ts';
import { type LocationListQuery, selectsWholeProject } from '../domain/location-list.ts';
import {
  type CurrentLocation,
  type LocationInput,
  type LocationWritePlan,
  planLocationWrite,
  type WriteMode,
  type WritePolicy,
} from '../domain/location-write.ts';
import type { OpeningSchedule } from '../domain/opening-status.ts';
import { freeSlug, slugify } from '../domain/slug.ts';
import { readSpecialHours } from '../domain/special-hours.ts';
import { timeZoneAt } from '../domain/time-zones.ts';
import type { GeocodeResult, Geocoder } from '../geocoding/geocoder.ts';
import { loadCatalog } from '../repositories/catalog.repository.ts';
import { enqueueGeocoding } from '../repositories/geocoding-jobs.repository.ts';
import {
  type AttachmentSelection,
  type LocationAttachments,
  loadAttachments,
} from '../repositories/location-attachments.repository.ts';
import { countLocations, listLocationRecords } from '../repositories/location-lists.repository.ts';
import {
  findLocationRecord,
  findLocationRecordById,
  findLocationRecordsByIds,
  type LocationKey,
  type LocationRecord,
  locationsByExternalId,
  scheduleOf,
} from '../repositories/location-records.repository.ts';
import * as writes from '../repositories/location-writes.repository.ts';
import { lockProjectForChange } from '../repositories/projects.repository.ts';
import { recordLocationChanges } from './change-events.ts';
import { geocodeQueryOf } from './geocoding-queue.service.ts';
import { accessibleProject, type ProjectRef } from './project-access.ts';
import type { TransactionHooks } from './transaction-hooks.ts';

export type { AttachmentSelection, LocationAttachments, LocationKey, LocationRecord };

/** A location as reads return it: the record with whichever attachments were asked for. */
export interface LocationView {
  record: LocationRecord;
  attachments: LocationAttachments;
}

export const ALL_ATTACHMENTS: AttachmentSelection = { hours: true, filters: true, fields: true, callsToAction: true };

const SCHEDULE_NAME = 'Opening hours';

/** The location as saved, with every attachment, read within the write's transaction. */
async function readBack(trx: Executor, locationId: number): Promise<LocationView> {
  const record = await findLocationRecordById(trx, locationId);
  if (!record) throw NotFoundError.of('Location');
  return { record, attachments: await loadAttachments(trx, [record], ALL_ATTACHMENTS) };
}

/** Locations read per statement when many are read by ID. */
const VIEWS_PER_READ = 500;

/** The locations with these IDs, each with every attachment, in ID order (any number of them, read in slices). */
export async function loadLocationViews(db: Executor, ids: readonly number[]): Promise<LocationView[]> {
  const views: LocationView[] = [];
  for (let start = 0; start < ids.length; start += VIEWS_PER_READ) {
    const records = await findLocationRecordsByIds(db, ids.slice(start, start + VIEWS_PER_READ));
    const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
    views.push(...records.map((record) => ({ record, attachments })));
  }
  return views;
}

/** One location of the caller's project, with the attachments asked for. */
export async function getLocation(
  db: Kysely<Database>,
  { project: ref, key, selection }: { project: ProjectRef; key: LocationKey; selection: AttachmentSelection },
): Promise<LocationView> {
  const project = await accessibleProject(db, ref);
  const record = await findLocationRecord(db, project.id, key);
  if (!record) throw NotFoundError.of('Location');
  return { record, attachments: await loadAttachments(db, [record], selection) };
}

/** One page of the caller's project's locations, with the attachments asked for, and how many the whole list has. */
export async function listLocations(
  db: Kysely<Database>,
  { project: ref, query, selection }: { project: ProjectRef; query: LocationListQuery; selection: AttachmentSelection },
): Promise<{ locations: LocationView[]; total: number }> {
  const project = await accessibleProject(db, ref);
  const [records, total] = await Promise.all([
    listLocationRecords(db, project.id, query),
    // The project keeps its count, so an unfiltered list (the usual full sync) counts nothing.
    selectsWholeProject(query) ? project.locations_count : countLocations(db, project.id, query),
  ]);
  const attachments = await loadAttachments(db, records, selection);
  return { locations: records.map((record) => ({ record, attachments })), total };
}

/**
 * Writes a plan's hours, filters, fields and calls to action. A location just `created` has none yet, so nothing is
 * cleared first.
 */
async function applyAttachments(
  trx: Executor,
  locationId: number,
  plan: LocationWritePlan,
  { created }: { created: boolean },
): Promise<void> {
  if (plan.hours.kind === 'set') await writes.saveHours(trx, locationId, SCHEDULE_NAME, plan.hours.hours);
  if (plan.hours.kind === 'remove') await writes.clearAttached(trx, 'opening_hours', locationId);
  if (plan.filters) {
    if (!created) await writes.clearAttached(trx, 'location_filters', locationId);
    await writes.insertFilters(trx, locationId, plan.filters);
  }
  for (const [table, change] of [
    ['location_field_values', plan.fields],
    ['location_calls_to_action', plan.callsToAction],
  ] as const) {
    if (change.kind === 'replace') {
      if (!created) await writes.clearAttached(trx, table, locationId);
      await writes.upsertValues(trx, table, locationId, change.values);
    }
    if (change.kind === 'merge') {
      await writes.removeValues(trx, table, locationId, change.remove);
      await writes.upsertValues(trx, table, locationId, change.upsert);
    }
  }
}

/**
 * Refuses an external ID another location of the project holds (422). Run after `lockProjectForChange`, so no other
 * write of the project can take the key before this one commits.
 */
export async function refuseTakenExternalId(
  trx: Executor,
  projectId: number,
  externalId: string | null | undefined,
  locationId?: number,
): Promise<void> {
  if (externalId === null || externalId === undefined) return;
  const holder = (await locationsByExternalId(trx, projectId, [externalId])).get(externalId);
  if (holder && holder.id !== locationId) {
    throw InvalidInputError.fields({
      external_id: [`is already the external ID of another location of this project (${holder.public_id})`],
    });
  }
}

function planOrThrow(...args: Parameters<typeof planLocationWrite>): LocationWritePlan {
  const result = planLocationWrite(...args);
  if ('errors' in result) throw InvalidInputError.fields(result.errors);
  return result.plan;
}

/** The geocoder a create may call during the request, and how long it may wait for it. */
export interface CreateTimeGeocoding {
  geocoder: Geocoder;
  timeoutMs: number;
}

const isMissing = (value: number | null | undefined) => value === null || value === undefined || value === 0;

/** One bounded try at geocoding during a request; any failure or timeout is "no answer", the queue retries. */
async function geocodeWithin(geocoding: CreateTimeGeocoding, input: LocationInput): Promise<GeocodeResult | null> {
  try {
    return await geocoding.geocoder.geocode(geocodeQueryOf(input), {
      signal: AbortSignal.timeout(geocoding.timeoutMs),
    });
  } catch {
    return null;
  }
}

export interface CreateLocationOptions {
  project: ProjectRef;
  input: LocationInput & { name: string };
  policy: WritePolicy;
  /** ISO 8601 time of the request. */
  now: string;
  /** Geocodes missing or zero coordinates during the request; without it a job is queued instead. */
  geocoding?: CreateTimeGeocoding;
  hooks?: TransactionHooks<LocationView>;
  /** Who creates it, as the change feed and webhooks tell. */
  actor: Actor;
}

/**
 * Creates a location and everything attached to it in one transaction; returns it as saved, with every attachment.
 * Missing or zero coordinates are geocoded first, within a bound; without an answer the location is still created
 * and a geocoding job is queued in the same transaction.
 */
export async function createLocation(db: Kysely<Database>, options: CreateLocationOptions): Promise<LocationView> {
  const { input, policy, now, geocoding, hooks = {}, actor } = options;
  const geocodesFirst = geocoding && (isMissing(input.lat) || isMissing(input.lng));
  // A request for a project it may not write is refused before the geocoder is asked; inside, it is checked again.
  if (geocodesFirst) await accessibleProject(db, options.project);
  const geocoded = geocodesFirst ? await geocodeWithin(geocoding, input) : null;
  return db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, options.project);
    // Creates in one project pick their free slugs one after the other, so two of one name never pick the same.
    const dataVersion = await lockProjectForChange(trx, project.id);
    await hooks.before?.(trx);
    const plan = planOrThrow('create', undefined, input, await loadCatalog(trx, project.id), policy);
    await refuseTakenExternalId(trx, project.id, plan.columns.external_id);
    if (plan.needsGeocoding && geocoded) {
      Object.assign(plan.columns, {
        lat: geocoded.lat,
        lng: geocoded.lng,
        geocoding_status: 'done',
        geocoding_precision: geocoded.precision,
      });
      if (plan.columns.time_zone_manual !== 1) plan.columns.time_zone = timeZoneAt(geocoded.lat, geocoded.lng);
    }
    const inserted = await writes.insertLocation(trx, {
      ...plan.columns,
      public_id: newPublicId('location'),
      project_id: project.id,
      slug: await freeSlug(slugify(input.name), (slugs) => writes.takenSlugs(trx, project.id, slugs)),
      name: input.name.trim(),
      address: plan.columns.address ?? '',
      address_generated: plan.columns.address_generated ?? 1,
      display_address: plan.columns.display_address ?? '',
      display_address_generated: plan.columns.display_address_generated ?? 1,
      visible: plan.columns.visible ?? 1,
      created_at: now,
      updated_at: now,
      data_version: dataVersion,
    });
    await applyAttachments(trx, inserted.id, plan, { created: true });
    if (plan.needsGeocoding && !geocoded) await enqueueGeocoding(trx, inserted.id, now);
    const view = await readBack(trx, inserted.id);
    await recordLocationChanges(trx, { id: project.id, dataVersion }, { actor, now }, [
      { type: 'location.created', after: view },
    ]);
    await hooks.after?.(trx, view);
    return view;
  });
}

/** Everything that decides whether the location is open: weekly and special hours, and its zone. */
export function openingScheduleOf(record: LocationRecord): OpeningSchedule {
  return { weekly: scheduleOf(record), special: readSpecialHours(record.special_hours), timeZone: record.time_zone };
}

/** What an update plans from: the saved address, coordinates, type, marker and schedule of the location. */
function currentLocationOf(record: LocationRecord): CurrentLocation {
  return {
    address_line_1: record.address_line_1,
    address_line_2: record.address_line_2,
    city: record.city,
    state: record.state,
    postcode: record.postcode,
    country: record.country,
    address: record.address,
    address_generated: record.address_generated,
    display_address: record.display_address,
    display_address_generated: record.display_address_generated,
    lat: record.lat,
    lng: record.lng,
    location_type_id: record.location_type_id,
    marker_id: record.marker_id,
    hours: scheduleOf(record),
    time_zone_manual: record.time_zone_manual,
  };
}

export interface UpdateLocationOptions {
  project: ProjectRef;
  key: LocationKey;
  /** PATCH changes what is sent; PUT (`replace`) also resets what its contract resets. */
  mode: Exclude<WriteMode, 'create'>;
  input: LocationInput;
  policy: WritePolicy;
  /** ISO 8601 time of the request. */
  now: string;
  /** Who updates it, as the change feed and webhooks tell. */
  actor: Actor;
}

/**
 * PUT or PATCH: the whole update is saved in one transaction, or nothing is. The plan is made from the saved location
 * (a generated address, the schedule), so the location stays locked from that read to the commit: writes of one
 * location run one after the other, each planned from what the one before saved.
 */
export async function updateLocation(
  db: Kysely<Database>,
  { project: ref, key, mode, input, policy, now, actor }: UpdateLocationOptions,
): Promise<LocationView> {
  return db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    const dataVersion = await lockProjectForChange(trx, project.id);
    const record = await findLocationRecord(trx, project.id, key, { forUpdate: true });
    if (!record) throw NotFoundError.of('Location');
    const plan = planOrThrow(mode, currentLocationOf(record), input, await loadCatalog(trx, project.id), policy);
    await refuseTakenExternalId(trx, project.id, plan.columns.external_id, record.id);
    const before: LocationView = { record, attachments: await loadAttachments(trx, [record], ALL_ATTACHMENTS) };
    await writes.updateLocationColumns(trx, record.id, { ...plan.columns, updated_at: now, data_version: dataVersion });
    await applyAttachments(trx, record.id, plan, { created: false });
    // Missing coordinates after an update are geocoded later; an address change alone never moves a pin.
    if (plan.needsGeocoding) await enqueueGeocoding(trx, record.id, now);
    // Read within the transaction: the answer is what this write saved, whatever commits next.
    const after = await readBack(trx, record.id);
    await recordLocationChanges(trx, { id: project.id, dataVersion }, { actor, now }, [
      { type: 'location.updated', before, after },
    ]);
    return after;
  });
}

export interface DeleteLocationOptions {
  project: ProjectRef;
  key: LocationKey;
  /** ISO 8601 time of the request. */
  now: string;
  /** Who deletes it, as the change feed and webhooks tell. */
  actor: Actor;
}

/**
 * Deletes a location with everything attached to it; an update of it in progress finishes first. Its event carries
 * its last state.
 */
export async function deleteLocation(
  db: Kysely<Database>,
  { project: ref, key, now, actor }: DeleteLocationOptions,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    const dataVersion = await lockProjectForChange(trx, project.id);
    const record = await findLocationRecord(trx, project.id, key, { forUpdate: true });
    if (!record) throw NotFoundError.of('Location');
    const before: LocationView = { record, attachments: await loadAttachments(trx, [record], ALL_ATTACHMENTS) };
    if (!(await writes.deleteLocation(trx, record, { dataVersion, now }))) throw NotFoundError.of('Location');
    await recordLocationChanges(trx, { id: project.id, dataVersion }, { actor, now }, [
      { type: 'location.deleted', before },
    ]);
  });
}
