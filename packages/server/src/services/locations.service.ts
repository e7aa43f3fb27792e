import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { InsertableLocationRow } from '../db/tables/locations.table.ts';
import type { ProjectRow } from '../db/tables/projects.table.ts';
import { newPublicId } from '../domain/ids.ts';
import { planLocationWrite, type CurrentLocation, type LocationInput, type LocationWritePlan, type WriteMode, type WritePolicy } from '../domain/location-write.ts';
import { freeSlug, slugify } from '../domain/slug.ts';
import { ApiError } from '../http/errors.ts';
import { lockProjectCatalog } from '../repositories/projects.repository.ts';
import type { Executor } from '../repositories/executor.ts';
import { enqueueGeocoding } from '../repositories/geocoding-jobs.repository.ts';
import type { Geocoder, GeocodeResult } from '../geocoding/geocoder.ts';
import { currentCatalog } from './catalog-cache.ts';
import { createdLocationView } from './created-location.ts';
import { geocodeQueryOf } from './geocoding-queue.service.ts';
import * as locations from '../repositories/locations.repository.ts';
import type { AttachmentSelection, LocationAttachments, LocationRecord, RecordLock } from '../repositories/locations.repository.ts';
import type { ProjectAccess } from './project-access.ts';
import type { TransactionHooks } from './transaction-hooks.ts';

export type { AttachmentSelection, LocationAttachments, LocationRecord };

/** A location as reads return it: the record with whichever attachments were asked for. */
export interface LocationView {
  record: LocationRecord;
  attachments: LocationAttachments;
}

/** Names a location by its V2 public ID or its numeric V1 ID. */
export type LocationKey = { publicId: string } | { v1Id: number };

export const ALL_ATTACHMENTS: AttachmentSelection = { hours: true, filters: true, fields: true, callsToAction: true };

const SCHEDULE_NAME = 'Opening hours';

async function findRecord(db: Executor, projectId: number, key: LocationKey, lock: RecordLock = {}): Promise<LocationRecord | undefined> {
  return 'publicId' in key
    ? locations.findLocationRecord(db, projectId, key.publicId, lock)
    : locations.findLocationRecordByV1Id(db, projectId, key.v1Id, lock);
}

async function viewOf(db: Executor, record: LocationRecord, selection: AttachmentSelection): Promise<LocationView> {
  return { record, attachments: await locations.loadAttachments(db, [record], selection) };
}

/** The location as saved, with every attachment, read within the write's transaction. */
async function readBack(trx: Executor, locationId: number): Promise<LocationView> {
  const record = await locations.findLocationRecordById(trx, locationId);
  if (!record) throw ApiError.notFound('Location');
  return viewOf(trx, record, ALL_ATTACHMENTS);
}

export async function getLocation(db: Kysely<Database>, project: ProjectRow, key: LocationKey, selection: AttachmentSelection): Promise<LocationView> {
  const record = await findRecord(db, project.id, key);
  if (!record) throw ApiError.notFound('Location');
  return viewOf(db, record, selection);
}

/**
 * Writes a plan's hours, filters, fields and calls to action. A location just `created` has none yet, so nothing is
 * cleared first.
 */
async function applyAttachments(trx: Executor, locationId: number, plan: LocationWritePlan, { created }: { created: boolean }): Promise<void> {
  if (plan.hours.kind === 'set') await locations.saveHours(trx, locationId, SCHEDULE_NAME, plan.hours.hours);
  if (plan.hours.kind === 'remove') await locations.clearAttached(trx, 'opening_hours', locationId);
  if (plan.filters) {
    if (!created) await locations.clearAttached(trx, 'location_filters', locationId);
    await locations.insertFilters(trx, locationId, plan.filters);
  }
  for (const [table, change] of [
    ['location_field_values', plan.fields],
    ['location_calls_to_action', plan.callsToAction],
  ] as const) {
    if (change.kind === 'replace') {
      if (!created) await locations.clearAttached(trx, table, locationId);
      await locations.upsertValues(trx, table, locationId, change.values);
    }
    if (change.kind === 'merge') {
      await locations.removeValues(trx, table, locationId, change.remove);
      await locations.upsertValues(trx, table, locationId, change.upsert);
    }
  }
}

function planOrThrow(...args: Parameters<typeof planLocationWrite>): LocationWritePlan {
  const result = planLocationWrite(...args);
  if ('errors' in result) throw ApiError.invalid(result.errors);
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
    return await geocoding.geocoder.geocode(geocodeQueryOf(input), { signal: AbortSignal.timeout(geocoding.timeoutMs) });
  } catch {
    return null;
  }
}

/**
 * Creates a location and everything attached to it in one transaction; returns it with every attachment.
 * Missing or zero coordinates are geocoded first, within a bound; without an answer the location is still
 * created and a geocoding job is queued in the same transaction. `hooks` join that transaction (an
 * idempotency key is claimed before the insert and the response stored after it).
 */
export async function createLocation(
  db: Kysely<Database>,
  projectAccess: ProjectAccess,
  input: LocationInput & { name: string },
  policy: WritePolicy,
  now: string,
  geocoding?: CreateTimeGeocoding,
  hooks: TransactionHooks<LocationView> = {},
): Promise<LocationView> {
  const geocodesFirst = geocoding && (isMissing(input.lat) || isMissing(input.lng));
  // A request for a project it may not write is refused before the geocoder is asked; inside, it is checked again.
  if (geocodesFirst) await projectAccess(db);
  const geocoded = geocodesFirst ? await geocodeWithin(geocoding, input) : null;
  return db.transaction().execute(async (trx) => {
    const project = await projectAccess(trx);
    // Creates in one project pick their free slugs one after the other, so two of one name never pick the same.
    const catalogRevision = await lockProjectCatalog(trx, project);
    if (catalogRevision === undefined) throw ApiError.notFound('Project');
    await hooks.before?.(trx);
    const catalog = await currentCatalog(db, trx, project.id, catalogRevision);
    const plan = planOrThrow('create', undefined, input, catalog, policy);
    if (plan.needsGeocoding && geocoded) {
      Object.assign(plan.columns, { lat: geocoded.lat, lng: geocoded.lng, geocoding_status: 'done', geocoding_precision: geocoded.precision });
    }
    const slugBase = slugify(input.name);
    // The plan's columns completed in place: they are this create's own, and copying an object of twenty keys
    // (a dictionary-mode object to V8) took 10 µs.
    const row: InsertableLocationRow = Object.assign(plan.columns, {
      public_id: newPublicId('location'),
      project_id: project.id,
      slug: await freeSlug(slugBase, (slugs) => locations.takenSlugs(trx, project.id, slugs)),
      name: input.name.trim(),
      address: plan.columns.address ?? '',
      address_generated: plan.columns.address_generated ?? 1,
      display_address: plan.columns.display_address ?? '',
      display_address_generated: plan.columns.display_address_generated ?? 1,
      visible: plan.columns.visible ?? 1,
      created_at: now,
      updated_at: now,
    });
    const inserted = await locations.insertLocation(trx, row);
    await applyAttachments(trx, inserted.id, plan, { created: true });
    if (plan.needsGeocoding && !geocoded) await enqueueGeocoding(trx, inserted.id, now);
    const view = createdLocationView(inserted, plan, catalog, SCHEDULE_NAME) ?? (await readBack(trx, inserted.id));
    await hooks.after?.(trx, view);
    return view;
  });
}

/**
 * The location as a write leaves it, made from the record read before it, when the write changes nothing the
 * record joins (its type, its marker, its opening hours): the row's own columns are then exactly what was written.
 * Undefined otherwise, and the record is read back. Saves a wide read on most updates, a PATCH of one field above all.
 * The record is updated in place: it is this write's own, and copying fifty columns costs more than the rest of an
 * update's JavaScript when the driver's row is a dictionary-mode object (see `services/created-location.ts`).
 */
function recordAfterWrite(record: LocationRecord, plan: LocationWritePlan, updatedAt: string): LocationRecord | undefined {
  const { location_type_id, marker_id } = plan.columns;
  if (plan.hours.kind !== 'keep') return undefined;
  if ((location_type_id !== undefined && location_type_id !== record.location_type_id) || (marker_id !== undefined && marker_id !== record.marker_id)) return undefined;
  const written = Object.fromEntries(Object.entries(plan.columns).filter(([, value]) => value !== undefined));
  // The revision is the update's own move; no answer shows it, and triggers of attachment changes move it further.
  return Object.assign(record, written, { updated_at: updatedAt, revision: record.revision + 1 });
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
    hours: locations.scheduleOf(record),
  };
}

/**
 * PUT or PATCH: the whole update is saved in one transaction, or nothing is. The plan is made from the saved location
 * (a generated address, the schedule), so the location stays locked from that read to the commit: writes of one
 * location run one after the other, each planned from what the one before saved.
 */
export async function updateLocation(
  db: Kysely<Database>,
  projectAccess: ProjectAccess,
  key: LocationKey,
  mode: Exclude<WriteMode, 'create'>,
  input: LocationInput,
  policy: WritePolicy,
  now: string,
): Promise<LocationView> {
  return db.transaction().execute(async (trx) => {
    const project = await projectAccess(trx);
    const record = await findRecord(trx, project.id, key, { forUpdate: true });
    if (!record) throw ApiError.notFound('Location');
    // Plans from the catalog the project row read above names. An update does not lock its project, so on
    // PostgreSQL a catalog change committing meanwhile is not waited for, whichever statement reads the revision.
    const catalog = await currentCatalog(db, trx, project.id, project.catalog_revision);
    const plan = planOrThrow(mode, currentLocationOf(record), input, catalog, policy);
    await locations.updateLocationColumns(trx, record.id, { ...plan.columns, updated_at: now });
    await applyAttachments(trx, record.id, plan, { created: false });
    // Missing coordinates after an update are geocoded later; an address change alone never moves a pin.
    if (plan.needsGeocoding) await enqueueGeocoding(trx, record.id, now);
    // Read within the transaction: the answer is what this write saved, whatever commits next.
    const written = recordAfterWrite(record, plan, now) ?? (await locations.findLocationRecordById(trx, record.id));
    if (!written) throw ApiError.notFound('Location');
    return viewOf(trx, written, ALL_ATTACHMENTS);
  });
}

/** Deletes a location with everything attached to it; an update of it in progress finishes first. */
export async function deleteLocation(db: Kysely<Database>, projectAccess: ProjectAccess, key: LocationKey): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const project = await projectAccess(trx);
    const record = await findRecord(trx, project.id, key, { forUpdate: true });
    if (!record || !(await locations.deleteLocation(trx, record.id))) throw ApiError.notFound('Location');
  });
}
