import type { Executor } from '../db/executor.ts';
import type { InsertableLocationRow } from '../db/tables/locations.table.ts';
import type { Actor } from '../domain/events.ts';
import { newPublicId } from '../domain/ids.ts';
import type { LocationWritePlan } from '../domain/location-write.ts';
import { freeSlugsFor, slugify } from '../domain/slug.ts';
import { enqueueGeocoding, enqueueGeocodingOfNew } from '../repositories/geocoding-jobs.repository.ts';
import * as writes from '../repositories/location-writes.repository.ts';
import { type LocationChange, recordLocationChanges } from './change-events.ts';
import { type LocationView, loadLocationViews } from './locations.service.ts';

/** A location to create, as planned by `planLocationWrite` in `create` mode. */
export interface BatchCreate {
  name: string;
  plan: LocationWritePlan;
}

/**
 * When a batch writes, the project data version `lockProjectForChange` gave its transaction (stored on every row
 * written and on its events), and who writes (the events' actor).
 */
export interface BatchChange {
  now: string;
  dataVersion: number;
  actor: Actor;
}

/** A change of a saved location, as planned by `planLocationWrite` from it (`before`, with every attachment). */
export interface BatchUpdate {
  before: LocationView;
  plan: LocationWritePlan;
}

const SCHEDULE_NAME = 'Opening hours';

/** Every column of a new location, so that the rows of one INSERT name the same columns. */
function newLocationRow(
  projectId: number,
  create: BatchCreate,
  slug: string,
  change: BatchChange,
): InsertableLocationRow {
  const { columns } = create.plan;
  return {
    public_id: newPublicId('location'),
    project_id: projectId,
    external_id: columns.external_id ?? null,
    slug,
    name: create.name.trim(),
    address: columns.address ?? '',
    address_generated: columns.address_generated ?? 1,
    display_address: columns.display_address ?? '',
    display_address_generated: columns.display_address_generated ?? 1,
    address_line_1: columns.address_line_1 ?? null,
    address_line_2: columns.address_line_2 ?? null,
    city: columns.city ?? null,
    state: columns.state ?? null,
    postcode: columns.postcode ?? null,
    country: columns.country ?? null,
    phone: columns.phone ?? null,
    email: columns.email ?? null,
    url: columns.url ?? null,
    lat: columns.lat ?? null,
    lng: columns.lng ?? null,
    visible: columns.visible ?? 1,
    location_type_id: columns.location_type_id ?? null,
    marker_id: columns.marker_id ?? null,
    cover_image_url: columns.cover_image_url ?? null,
    cover_image_name: columns.cover_image_name ?? null,
    facebook: columns.facebook ?? null,
    instagram: columns.instagram ?? null,
    twitter: columns.twitter ?? null,
    yelp: columns.yelp ?? null,
    youtube: columns.youtube ?? null,
    tiktok: columns.tiktok ?? null,
    geocoding_status: columns.geocoding_status ?? 'manual',
    geocoding_precision: columns.geocoding_precision ?? null,
    time_zone: columns.time_zone ?? null,
    time_zone_manual: columns.time_zone_manual ?? 0,
    special_hours: columns.special_hours ?? null,
    created_at: change.now,
    updated_at: change.now,
    data_version: change.dataVersion,
  };
}

/** The attachment writes of many plans gathered by kind, so each kind is a few statements for the whole batch. */
class AttachmentWrites {
  readonly hours: {
    locationId: number;
    hours: NonNullable<Extract<LocationWritePlan['hours'], { kind: 'set' }>['hours']>;
  }[] = [];
  readonly hoursRemoved: number[] = [];
  readonly filtersCleared: number[] = [];
  readonly filters: { location_id: number; filter_id: number }[] = [];
  readonly values = {
    location_field_values: {
      cleared: [] as number[],
      removed: [] as { locationId: number; ids: number[] }[],
      upserts: [] as { locationId: number; id: number; value: string }[],
    },
    location_calls_to_action: {
      cleared: [] as number[],
      removed: [] as { locationId: number; ids: number[] }[],
      upserts: [] as { locationId: number; id: number; value: string }[],
    },
  };

  /** Gathers what a plan attaches; a location just `created` has nothing attached yet, so nothing is cleared first. */
  add(locationId: number, plan: LocationWritePlan, created: boolean): void {
    if (plan.hours.kind === 'set') this.hours.push({ locationId, hours: plan.hours.hours });
    if (plan.hours.kind === 'remove') this.hoursRemoved.push(locationId);
    if (plan.filters) {
      if (!created) this.filtersCleared.push(locationId);
      for (const filterId of plan.filters) this.filters.push({ location_id: locationId, filter_id: filterId });
    }
    for (const [table, change] of [
      ['location_field_values', plan.fields],
      ['location_calls_to_action', plan.callsToAction],
    ] as const) {
      const writes = this.values[table];
      if (change.kind === 'replace') {
        if (!created) writes.cleared.push(locationId);
        for (const [id, value] of change.values) writes.upserts.push({ locationId, id, value });
      }
      if (change.kind === 'merge') {
        if (change.remove.length > 0) writes.removed.push({ locationId, ids: change.remove });
        for (const [id, value] of change.upsert) writes.upserts.push({ locationId, id, value });
      }
    }
  }

  /** Clears first, then adds: the same order as a single location's write. */
  async save(trx: Executor): Promise<void> {
    await writes.saveHoursOfMany(trx, SCHEDULE_NAME, this.hours);
    await writes.clearAttachedOfMany(trx, 'opening_hours', this.hoursRemoved);
    await writes.clearAttachedOfMany(trx, 'location_filters', this.filtersCleared);
    await writes.insertFiltersOfMany(trx, this.filters);
    for (const table of ['location_field_values', 'location_calls_to_action'] as const) {
      const { cleared, removed, upserts } = this.values[table];
      await writes.clearAttachedOfMany(trx, table, cleared);
      for (const { locationId, ids } of removed) await writes.removeValues(trx, table, locationId, ids);
      await writes.upsertValuesOfMany(trx, table, upserts);
    }
  }
}

/**
 * Saves many planned creates and updates of one project in the caller's transaction, which has called
 * `lockProjectForChange` and read what the updates were planned from: what `createLocation` and `updateLocation`
 * save for one location each (without a geocoder during the write: missing coordinates are queued), in a few
 * statements for the whole batch, and their events. Every location an import writes is written here.
 */
export async function saveLocationBatch(
  trx: Executor,
  {
    projectId,
    creates,
    updates,
    change,
  }: { projectId: number; creates: readonly BatchCreate[]; updates: readonly BatchUpdate[]; change: BatchChange },
): Promise<void> {
  const { now, dataVersion } = change;
  const attachments = new AttachmentWrites();
  // Updates first, in the order planned: a key one of them frees may be taken by another, or by a create.
  for (const update of updates) {
    await writes.updateLocationColumns(trx, update.before.record.id, {
      ...update.plan.columns,
      updated_at: now,
      data_version: dataVersion,
    });
    attachments.add(update.before.record.id, update.plan, false);
  }
  const slugs = await freeSlugsFor(
    creates.map((create) => slugify(create.name)),
    (candidates) => writes.takenSlugs(trx, projectId, candidates),
  );
  const rows = creates.map((create, index) => newLocationRow(projectId, create, slugs[index] ?? '', change));
  const ids = await writes.insertLocations(trx, rows);
  const geocodeNew: number[] = [];
  const createdIds = creates.map((create, index) => {
    const id = ids.get(rows[index]?.public_id ?? '');
    if (id === undefined) throw new Error('a location of the batch was not inserted');
    attachments.add(id, create.plan, true);
    if (create.plan.needsGeocoding) geocodeNew.push(id);
    return id;
  });
  await attachments.save(trx);
  await enqueueGeocodingOfNew(trx, geocodeNew, now);
  for (const update of updates)
    if (update.plan.needsGeocoding) await enqueueGeocoding(trx, update.before.record.id, now);

  const after = new Map(
    (await loadLocationViews(trx, [...updates.map((update) => update.before.record.id), ...createdIds])).map((view) => [
      view.record.id,
      view,
    ]),
  );
  const changes: LocationChange[] = [
    ...updates.map(
      (update): LocationChange => ({
        type: 'location.updated',
        before: update.before,
        after: after.get(update.before.record.id),
      }),
    ),
    ...createdIds.map((id): LocationChange => ({ type: 'location.created', after: after.get(id) })),
  ];
  await recordLocationChanges(trx, { id: projectId, dataVersion }, change, changes);
}

/**
 * Deletes locations of a project in the caller's transaction (after `lockProjectForChange`), each with its
 * `location.deleted` event carrying its last state; returns how many.
 */
export async function deleteLocationBatch(
  trx: Executor,
  projectId: number,
  locationIds: number[],
  change: BatchChange,
): Promise<number> {
  const last = (await loadLocationViews(trx, locationIds)).filter((view) => view.record.project_id === projectId);
  const deleted = await writes.deleteLocations(trx, projectId, locationIds, change);
  await recordLocationChanges(
    trx,
    { id: projectId, dataVersion: change.dataVersion },
    change,
    last.map((before): LocationChange => ({ type: 'location.deleted', before })),
  );
  return deleted;
}
