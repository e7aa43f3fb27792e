import type { Executor } from '../../db/executor.ts';
import type { InsertableLocationRow } from '../../db/tables/locations.table.ts';
import type { Actor, LocationEventType } from '../../domain/events.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { LocationWritePlan } from '../../domain/location-input.ts';
import { freeSlugsFor, slugify } from '../../domain/slug.ts';
import { isoOf } from '../../domain/time.ts';
import { type LockedProject, type PendingEvent, recordEvents } from '../../events/outbox.repository.ts';
import { enqueueGeocoding, enqueueGeocodingOfNew } from './geocoding-jobs.repository.ts';
import { type LocationView, loadLocationViews } from './location-reads.repository.ts';
import * as writes from './location-writes.repository.ts';
import { eventBodyOf, locationEventOf, type PresentedChange } from './presenters/location-event.ts';
import type { LocationV2 } from './schemas/location.v2.ts';

/**
 * A write of a project's locations, in a transaction that took the project's change lock (`project` is what
 * `lockProjectForChange` answered: its ID and the data version every row written and every event carries): when, and
 * who, as the change feed and webhooks tell.
 */
export interface WriteContext {
  project: LockedProject;
  /** Milliseconds since the epoch. */
  now: number;
  actor: Actor;
}

/** A location to create, as `planLocationWrite` planned it in `create` mode. */
export interface PlannedCreate {
  name: string;
  plan: LocationWritePlan;
}

/** A change of a saved location, as `planLocationWrite` planned it from that location (`before`, every attachment). */
export interface PlannedUpdate {
  before: LocationView;
  plan: LocationWritePlan;
}

/** A location as a write saved it, with its V2 body: what its event carries and what a V2 write answers. */
export interface SavedLocation {
  view: LocationView;
  body: LocationV2;
}

/** The name of the one weekly schedule a location has. */
const SCHEDULE_NAME = 'Opening hours';

/** Every column of a new location, so that the rows of one INSERT name the same columns. */
function newLocationRow(create: PlannedCreate, slug: string, { project, now }: WriteContext): InsertableLocationRow {
  const { columns } = create.plan;
  return {
    public_id: newPublicId('location'),
    project_id: project.id,
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
    created_at: isoOf(now),
    updated_at: isoOf(now),
    data_version: project.dataVersion,
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
 * The one way locations are created and updated: a V2 or V1 write is a batch of one, an import's batch holds up to a
 * thousand. In the caller's transaction, which took the project's change lock and read what the updates were planned
 * from, it writes the rows, their attachments (a few statements for the whole batch), the geocoding jobs of the ones
 * without coordinates, and an event of each change; it answers the locations as saved, each presented once.
 */
export async function saveLocations(
  trx: Executor,
  context: WriteContext,
  { creates = [], updates = [] }: { creates?: readonly PlannedCreate[]; updates?: readonly PlannedUpdate[] },
): Promise<{ created: SavedLocation[]; updated: SavedLocation[] }> {
  const { project, now } = context;
  const attachments = new AttachmentWrites();
  // Updates first, in the order planned: a key one of them frees may be taken by another, or by a create.
  for (const { before, plan } of updates) {
    await writes.updateLocationColumns(trx, before.record.id, {
      ...plan.columns,
      updated_at: isoOf(now),
      data_version: project.dataVersion,
    });
    attachments.add(before.record.id, plan, false);
  }
  const slugs = await freeSlugsFor(
    creates.map((create) => slugify(create.name)),
    (candidates) => writes.takenSlugs(trx, project.id, candidates),
  );
  const rows = creates.map((create, index) => newLocationRow(create, slugs[index] ?? '', context));
  const ids = await writes.insertLocations(trx, rows);
  const createdIds = creates.map((create, index) => {
    const id = ids.get(rows[index]?.public_id ?? '');
    if (id === undefined) throw new Error('a location of the batch was not inserted');
    attachments.add(id, create.plan, true);
    return id;
  });
  await attachments.save(trx);
  await enqueueGeocodingOfNew(
    trx,
    createdIds.filter((_, index) => creates[index]?.plan.needsGeocoding),
    now,
  );
  // Missing coordinates after an update are geocoded later; an address change alone never moves a pin.
  for (const { before, plan } of updates) if (plan.needsGeocoding) await enqueueGeocoding(trx, before.record.id, now);

  // Read within the transaction: the answer is what this write saved, whatever commits next.
  const saved = new Map(
    (await loadLocationViews(trx, [...updates.map(({ before }) => before.record.id), ...createdIds])).map((view) => [
      view.record.id,
      { view, body: eventBodyOf(view) },
    ]),
  );
  const savedOf = (id: number): SavedLocation => {
    const location = saved.get(id);
    if (!location) throw new Error(`location ${id} was written but not read back`);
    return location;
  };
  const updated = updates.map(({ before }) => savedOf(before.record.id));
  const created = createdIds.map(savedOf);
  await recordLocationEvents(trx, context, [
    ...updates.map(({ before }, index) => changeOf('location.updated', before, eventBodyOf(before), updated[index])),
    ...created.map((location) => changeOf('location.created', location.view, undefined, location)),
  ]);
  return { created, updated };
}

/**
 * Deletes locations of the project with everything attached to them, in the caller's transaction (after the
 * project's change lock); each `location.deleted` event carries the location's last state. Returns how many.
 */
export async function deleteLocations(
  trx: Executor,
  context: WriteContext,
  locations: readonly LocationView[],
): Promise<number> {
  const last = locations.filter(({ record }) => record.project_id === context.project.id);
  const deleted = await writes.deleteLocations(
    trx,
    context.project.id,
    last.map(({ record }) => record.id),
    { dataVersion: context.project.dataVersion, now: context.now },
  );
  await recordLocationEvents(
    trx,
    context,
    last.map((view) => changeOf('location.deleted', view, eventBodyOf(view), undefined)),
  );
  return deleted;
}

/**
 * A change another kind of write makes to locations (the geocoding queue, a renamed or deleted setting): reads them
 * before, runs `change` (false: it wrote nothing, and nothing is recorded), reads them again, and records a `type` event
 * of each whose V2 body changed. Returns what `change` answered.
 */
export async function changeLocations(
  trx: Executor,
  context: WriteContext,
  { ids, type = 'location.updated' }: { ids: readonly number[]; type?: LocationEventType },
  change: () => Promise<boolean>,
): Promise<boolean> {
  const before = await loadLocationViews(trx, ids);
  if (!(await change())) return false;
  const after = new Map((await loadLocationViews(trx, ids)).map((view) => [view.record.id, view]));
  await recordLocationEvents(
    trx,
    context,
    before.map((view) => {
      const now = after.get(view.record.id);
      return changeOf(type, view, eventBodyOf(view), now ? { view: now, body: eventBodyOf(now) } : undefined);
    }),
  );
  return true;
}

function changeOf(
  type: LocationEventType,
  view: LocationView,
  before: LocationV2 | undefined,
  after: SavedLocation | undefined,
): PresentedChange {
  return {
    type,
    location: { id: view.record.id, publicId: view.record.public_id },
    ...(before ? { before } : {}),
    ...(after ? { after: after.body } : {}),
  };
}

async function recordLocationEvents(
  trx: Executor,
  { project, now, actor }: WriteContext,
  changes: readonly PresentedChange[],
): Promise<void> {
  const events = changes.map(locationEventOf).filter((event): event is PendingEvent => event !== undefined);
  await recordEvents(trx, project, { actor, now }, events);
}
