import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { TransactionHooks } from '../../db/transaction-hooks.ts';
import { InvalidInputError, NotFoundError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import { geocodeQueryOf } from '../../domain/geocode-request.ts';
import { BULK_MAX_LOCATIONS, type BulkChange, bulkChangeErrors, bulkInputOf } from '../../domain/location-bulk.ts';
import type {
  CurrentLocation,
  LocationInput,
  LocationWritePlan,
  WriteMode,
  WritePolicy,
} from '../../domain/location-input.ts';
import { type LocationFilter, type LocationListQuery, selectsWholeProject } from '../../domain/location-list.ts';
import { planLocationWrite, writeNeedsDefaultCountry } from '../../domain/location-write.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import type { Clock } from '../../domain/time.ts';
import { timeZoneAt } from '../../domain/time-zones.ts';
import { requireVersion, type VersionCondition } from '../../domain/versions.ts';
import type { GeocodeResult, Geocoder } from '../../geocoding/geocoder.ts';
import { accessibleProject, lockProjectForChange } from '../accounts/index.ts';
import { type AddressLookup, lookUpAddress } from './address-lookup.ts';
import {
  countLocations,
  listLocationRecords,
  locationIdsByPublicId,
  matchingLocationIds,
} from './location-lists.repository.ts';
import {
  ALL_ATTACHMENTS,
  type AttachmentSelection,
  findLocationRecord,
  type LocationKey,
  type LocationRecord,
  type LocationView,
  loadAttachments,
  loadCatalog,
  loadLocationViews,
  locationsByExternalId,
  scheduleOf,
} from './location-reads.repository.ts';
import { deleteLocations, type SavedLocation, saveLocations, type WriteContext } from './location-writes.ts';

/** What the locations are kept with, and what a create may ask during the request. */
export interface LocationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  /**
   * Geocodes a create's missing coordinates during the request, within `timeoutMs`; without it (a command, a test)
   * such a location waits in the geocoding queue.
   */
  geocoding?: { geocoder: Geocoder; timeoutMs: number };
}

/**
 * Refuses an external ID another location of the project holds (422). Run after `lockProjectForChange`, so no other
 * write of the project can take the key before this one commits.
 */
async function refuseTakenExternalId(
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
    phone: record.phone,
  };
}

const isMissing = (value: number | null | undefined) => value === null || value === undefined || value === 0;

/**
 * A plan's missing coordinates filled in from a geocoder's answer, with the zone they lie in (unless a user set one).
 */
function withGeocodedPin(plan: LocationWritePlan, geocoded: GeocodeResult): LocationWritePlan {
  const columns = {
    ...plan.columns,
    lat: geocoded.lat,
    lng: geocoded.lng,
    geocoding_status: 'done' as const,
    geocoding_precision: geocoded.precision,
  };
  if (columns.time_zone_manual !== 1) columns.time_zone = timeZoneAt(geocoded.lat, geocoded.lng);
  return { ...plan, columns, needsGeocoding: false };
}

export interface CreateLocationOptions {
  project: ProjectRef;
  input: LocationInput & { name: string };
  policy: WritePolicy;
  /** Work that joins the create's transaction (an idempotency key's claim and stored answer). */
  hooks?: TransactionHooks<SavedLocation>;
  /** Who creates it, as the change feed and webhooks tell. */
  actor: Actor;
}

/** The locations a bulk action works on: named by their public IDs, or every one matching a list's filters. */
export type BulkTarget = { ids: readonly string[] } | { where: LocationFilter };

/** Updates saved per call of the write path: the size of an import's batch. */
const BULK_UPDATES_PER_SAVE = 1_000;

export interface UpdateLocationOptions {
  project: ProjectRef;
  key: LocationKey;
  /** PATCH changes what is sent; PUT (`replace`) also resets what its contract resets. */
  mode: Exclude<WriteMode, 'create'>;
  input: LocationInput;
  policy: WritePolicy;
  /** Who updates it, as the change feed and webhooks tell. */
  actor: Actor;
  /** The version the caller read (`If-Match`): another is 412 and nothing changes. */
  condition?: VersionCondition;
}

/**
 * The locations of the caller's projects, as the V2 and V1 APIs read and write them. Every write is one transaction
 * through the one write path (`saveLocations`, `deleteLocations`) that imports use too, with its events.
 */
export function createLocations({ db, clock, geocoding }: LocationsDeps) {
  /** One bounded try at geocoding during a request; any failure or timeout is "no answer", the queue retries. */
  async function geocodeWithin(input: LocationInput): Promise<GeocodeResult | null> {
    if (!geocoding) return null;
    try {
      return await geocoding.geocoder.geocode(geocodeQueryOf(input), {
        signal: AbortSignal.timeout(geocoding.timeoutMs),
      });
    } catch {
      return null;
    }
  }

  /** Locks the project for a write of its locations: who writes, when, at which data version. */
  async function writeContextOf(trx: Executor, projectId: number, actor: Actor): Promise<WriteContext> {
    return { project: { id: projectId, dataVersion: await lockProjectForChange(trx, projectId) }, now: clock(), actor };
  }

  return {
    /** Where an address is, as the geocoder answers (saving nothing): `address-lookup.ts`. */
    geocodeAddress: (request: AddressLookup) => lookUpAddress({ db, geocoding }, request),

    /** Refuses a project the caller may not write (a check before an idempotency key is looked up). */
    async checkAccess(project: ProjectRef): Promise<void> {
      await accessibleProject(db, project);
    },

    /** One location of the caller's project, with the attachments asked for. */
    async get({
      project: ref,
      key,
      selection,
    }: {
      project: ProjectRef;
      key: LocationKey;
      selection: AttachmentSelection;
    }): Promise<LocationView> {
      const project = await accessibleProject(db, ref);
      const record = await findLocationRecord(db, project.id, key);
      if (!record) throw NotFoundError.of('Location');
      return { record, attachments: await loadAttachments(db, [record], selection) };
    },

    /** One page of the caller's project's locations, with the attachments asked for, and how many the list has. */
    async list({
      project: ref,
      query,
      selection,
    }: {
      project: ProjectRef;
      query: LocationListQuery;
      selection: AttachmentSelection;
    }): Promise<{ locations: LocationView[]; total: number }> {
      const project = await accessibleProject(db, ref);
      const [records, total] = await Promise.all([
        listLocationRecords(db, project.id, query),
        // The project keeps its count, so an unfiltered list (the usual full sync) counts nothing.
        selectsWholeProject(query) ? project.locations_count : countLocations(db, project.id, query),
      ]);
      const attachments = await loadAttachments(db, records, selection);
      return { locations: records.map((record) => ({ record, attachments })), total };
    },

    /**
     * Creates a location and everything attached to it in one transaction; answers it as saved. Missing or zero
     * coordinates are geocoded first, within a bound; without an answer the location is still created and a geocoding
     * job is queued in the same transaction.
     */
    async create({ project: ref, input, policy, hooks = {}, actor }: CreateLocationOptions): Promise<SavedLocation> {
      const geocodesFirst = geocoding !== undefined && (isMissing(input.lat) || isMissing(input.lng));
      // A request for a project it may not write is refused before the geocoder is asked; inside, it is checked again.
      if (geocodesFirst) await accessibleProject(db, ref);
      const geocoded = geocodesFirst ? await geocodeWithin(input) : null;
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        // Creates in one project pick their free slugs one after the other, so two of one name never pick the same.
        const context = await writeContextOf(trx, project.id, actor);
        await hooks.before?.(trx);
        const catalog = await loadCatalog(trx, project.id, {
          withDefaultCountry: writeNeedsDefaultCountry('create', undefined, input),
        });
        const planned = planOrThrow('create', undefined, input, catalog, policy);
        await refuseTakenExternalId(trx, project.id, planned.columns.external_id);
        const plan = planned.needsGeocoding && geocoded ? withGeocodedPin(planned, geocoded) : planned;
        const { created } = await saveLocations(trx, context, { catalog, creates: [{ name: input.name, plan }] });
        const [saved] = created;
        if (!saved) throw new Error('the location was not created');
        await hooks.after?.(trx, saved);
        return saved;
      });
    },

    /**
     * PUT or PATCH: the whole update is saved in one transaction, or nothing is. The plan is made from the saved
     * location (a generated address, the schedule), so the location stays locked from that read to the commit: writes
     * of one location run one after the other, each planned from what the one before saved.
     */
    async update({
      project: ref,
      key,
      mode,
      input,
      policy,
      actor,
      condition,
    }: UpdateLocationOptions): Promise<SavedLocation> {
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        const context = await writeContextOf(trx, project.id, actor);
        const record = await findLocationRecord(trx, project.id, key, { forUpdate: true });
        if (!record) throw NotFoundError.of('Location');
        // A condition is checked before the input: a write based on an old read is refused whatever it holds.
        requireVersion(condition, record.data_version, 'location');
        const current = currentLocationOf(record);
        const catalog = await loadCatalog(trx, project.id, {
          withDefaultCountry: writeNeedsDefaultCountry(mode, current, input),
        });
        const plan = planOrThrow(mode, current, input, catalog, policy);
        await refuseTakenExternalId(trx, project.id, plan.columns.external_id, record.id);
        const before = { record, attachments: await loadAttachments(trx, [record], ALL_ATTACHMENTS) };
        const { updated } = await saveLocations(trx, context, { catalog, updates: [{ before, plan }] });
        const [saved] = updated;
        if (!saved) throw NotFoundError.of('Location');
        return saved;
      });
    },

    /**
     * One change to many locations in one transaction, through the one write path with an event of each location
     * changed (none for one the change leaves as it was): the `ids` given (all of them locations of the project, or
     * 422) or every location matching `where` (at most `BULK_MAX_LOCATIONS`, or 422). A refused change saves nothing.
     * Answers the public IDs of the locations it worked on, in ID order.
     */
    async bulk({
      project: ref,
      target,
      change,
      actor,
    }: {
      project: ProjectRef;
      target: BulkTarget;
      change: BulkChange;
      actor: Actor;
    }): Promise<{ ids: string[] }> {
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        // Every write of the project's locations takes this lock first, so none changes them while this one works.
        const context = await writeContextOf(trx, project.id, actor);
        const catalog = await loadCatalog(trx, project.id, { withDefaultCountry: false });
        const errors = bulkChangeErrors(change, catalog);
        if (Object.keys(errors).length > 0) throw InvalidInputError.fields(errors);
        const ids = await targetIds(trx, project.id, target);
        const views = await loadLocationViews(trx, ids);
        if (change.action === 'delete') {
          await deleteLocations(trx, context, views);
        } else {
          const updates = views.map((before) => {
            const names = before.attachments.filters.get(before.record.id)?.map((filter) => filter.name) ?? [];
            const input = bulkInputOf(change, names) ?? {};
            return {
              before,
              plan: planOrThrow('patch', currentLocationOf(before.record), input, catalog, BULK_POLICY),
            };
          });
          for (let start = 0; start < updates.length; start += BULK_UPDATES_PER_SAVE)
            await saveLocations(trx, context, {
              catalog,
              updates: updates.slice(start, start + BULK_UPDATES_PER_SAVE),
            });
        }
        return { ids: views.map((view) => view.record.public_id) };
      });
    },

    /**
     * Deletes a location with everything attached to it; an update of it in progress finishes first. Its event carries
     * its last state.
     */
    async delete({
      project: ref,
      key,
      actor,
      condition,
    }: {
      project: ProjectRef;
      key: LocationKey;
      actor: Actor;
      /** The version the caller read (`If-Match`): another is 412 and nothing is deleted. */
      condition?: VersionCondition;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        const context = await writeContextOf(trx, project.id, actor);
        const record = await findLocationRecord(trx, project.id, key, { forUpdate: true });
        if (!record) throw NotFoundError.of('Location');
        requireVersion(condition, record.data_version, 'location');
        const last = { record, attachments: await loadAttachments(trx, [record], ALL_ATTACHMENTS) };
        if ((await deleteLocations(trx, context, [last])) === 0) throw NotFoundError.of('Location');
      });
    },
  };
}

const BULK_POLICY: WritePolicy = { legacyLocationType: false };

/** The IDs of the locations a bulk action works on, in ID order; refuses unknown IDs and too many matches (422). */
async function targetIds(trx: Executor, projectId: number, target: BulkTarget): Promise<number[]> {
  if ('ids' in target) {
    const found = await locationIdsByPublicId(trx, projectId, target.ids);
    const unknown = target.ids.filter((publicId) => !found.has(publicId));
    if (unknown.length > 0)
      throw InvalidInputError.fields({
        ids: [
          `names no location of this project: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}`,
        ],
      });
    return [...new Set(found.values())].sort((a, b) => a - b);
  }
  const ids = await matchingLocationIds(trx, projectId, target.where, BULK_MAX_LOCATIONS + 1);
  if (ids.length > BULK_MAX_LOCATIONS)
    throw InvalidInputError.fields({
      where: [
        `matches more than ${BULK_MAX_LOCATIONS.toLocaleString('en')} locations, the most one bulk action changes: narrow the filters`,
      ],
    });
  return ids;
}

export type Locations = ReturnType<typeof createLocations>;
