import type { Executor } from '../../db/executor.ts';
import type { LocationRow } from '../../db/tables/locations.table.ts';
import type { OpeningHoursRow } from '../../db/tables/opening-hours.table.ts';
import type { ProjectCatalog } from '../../domain/catalog.ts';
import type { Actor, LocationEventType } from '../../domain/events.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { HoursChange, LocationWritePlan, ValuesChange } from '../../domain/location-input.ts';
import { freeSlugsFor, slugify } from '../../domain/slug.ts';
import { isoOf } from '../../domain/time.ts';
import { type LockedProject, type PendingEvent, recordEvents } from '../../events/outbox.repository.ts';
import { enqueueGeocoding, enqueueGeocodingOfNew } from './geocoding-jobs.repository.ts';
import {
  type LocationAttachments,
  type LocationRecord,
  type LocationView,
  loadLocationViews,
} from './location-reads.repository.ts';
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

/** Every column of a new location, so that the rows of one INSERT name the same columns. */
function newLocationRow(create: PlannedCreate, slug: string, { project, now }: WriteContext): Omit<LocationRow, 'id'> {
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
    phone_e164: columns.phone_e164 ?? null,
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

/**
 * The one way locations are created and updated: a V2 or V1 write is a batch of one, an import's batch holds up to a
 * thousand. In the caller's transaction, which took the project's change lock and read what the updates were planned
 * from (and the project's `catalog` they were planned against), it writes the rows, their attachments (a few
 * statements for the whole batch), the geocoding jobs of the ones without coordinates, and an event of each change. It
 * answers the locations as saved, each presented once, from what it wrote: nothing is read back.
 */
export async function saveLocations(
  trx: Executor,
  context: WriteContext,
  {
    catalog,
    creates = [],
    updates = [],
  }: { catalog: ProjectCatalog; creates?: readonly PlannedCreate[]; updates?: readonly PlannedUpdate[] },
): Promise<{ created: SavedLocation[]; updated: SavedLocation[] }> {
  const { project, now } = context;
  const attachments = new writes.AttachmentWrites();
  const written = { updated_at: isoOf(now), data_version: project.dataVersion };
  // Updates first, in the order planned: a key one of them frees may be taken by another, or by a create.
  for (const { before, plan } of updates) {
    await writes.updateLocationColumns(trx, before.record.id, { ...plan.columns, ...written });
    attachments.add(before.record.id, plan, false);
  }
  const slugs = await freeSlugsFor(
    creates.map((create) => slugify(create.name)),
    (candidates) => writes.takenSlugs(trx, project.id, candidates),
  );
  const rows = creates.map((create, index) => newLocationRow(create, slugs[index] ?? '', context));
  const ids = await writes.insertLocations(trx, rows);
  const createdRows = rows.map((row, index): LocationRow => {
    const id = ids.get(row.public_id);
    const plan = creates[index]?.plan;
    if (id === undefined || !plan) throw new Error('a location of the batch was not inserted');
    attachments.add(id, plan, true);
    return { id, ...row };
  });
  await attachments.save(trx);
  await enqueueGeocodingOfNew(
    trx,
    createdRows.flatMap(({ id }, index) => (creates[index]?.plan.needsGeocoding ? [id] : [])),
    now,
  );
  // Missing coordinates after an update are geocoded later; an address change alone never moves a pin.
  for (const { before, plan } of updates) if (plan.needsGeocoding) await enqueueGeocoding(trx, before.record.id, now);

  const after = new SavedViews(catalog);
  const updated = updates.map(({ before, plan }) =>
    savedOf(after.of({ ...before.record, ...definedColumns(plan.columns), ...written }, plan, before)),
  );
  const created = createdRows.map((row, index) => savedOf(after.of(row, creates[index]?.plan)));
  await recordLocationEvents(trx, context, [
    ...updates.map(({ before }, index) => changeOf('location.updated', before, eventBodyOf(before), updated[index])),
    ...created.map((location) => changeOf('location.created', location.view, undefined, location)),
  ]);
  return { created, updated };
}

const savedOf = (view: LocationView): SavedLocation => ({ view, body: eventBodyOf(view) });

/** The columns a plan writes: those it sets, as an UPDATE leaves out the undefined ones. */
const definedColumns = (columns: LocationWritePlan['columns']) =>
  Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));

/**
 * Locations as a write saved them, from the rows it wrote and its plans over what they had before: the same record
 * and attachments a read would answer (the catalog gives the joined type and marker, and the attachments' names, in
 * catalog order as reads list them).
 */
class SavedViews {
  readonly #types;
  readonly #markers;
  readonly #filters;
  readonly #fields;
  readonly #callsToAction;
  readonly #attachments: LocationAttachments = {
    hours: new Map(),
    filters: new Map(),
    fields: new Map(),
    callsToAction: new Map(),
  };

  constructor(catalog: ProjectCatalog) {
    this.#types = new Map(catalog.types.map((type) => [type.id, type]));
    this.#markers = new Map(catalog.markers.map((marker) => [marker.id, marker]));
    this.#filters = new Map(catalog.filters.map((filter) => [filter.id, filter]));
    this.#fields = new Map(catalog.fields.map((field) => [field.id, { publicId: field.publicId, name: field.name }]));
    this.#callsToAction = new Map(
      catalog.callsToAction.map((cta) => [cta.id, { publicId: cta.publicId, name: cta.title }]),
    );
  }

  /**
   * The view of a location whose row is now `row`, written by `plan` (none: nothing attached changed) over `before`.
   */
  of(row: LocationRow | LocationRecord, plan: LocationWritePlan | undefined, before?: LocationView): LocationView {
    const { id } = row;
    const hours = scheduleAfter(plan?.hours ?? { kind: 'keep' }, id, before?.attachments.hours.get(id));
    if (hours) this.#attachments.hours.set(id, hours);
    const filters = plan?.filters
      ? [...new Set(plan.filters)]
          .sort((a, b) => a - b)
          .flatMap((filterId) => {
            const filter = this.#filters.get(filterId);
            return filter ? [{ id: filter.publicId, name: filter.name }] : [];
          })
      : before?.attachments.filters.get(id);
    if (filters) this.#attachments.filters.set(id, filters);
    const fields = valuesAfter(plan?.fields, before?.attachments.fields.get(id), this.#fields);
    if (fields) this.#attachments.fields.set(id, fields);
    const callsToAction = valuesAfter(
      plan?.callsToAction,
      before?.attachments.callsToAction
        .get(id)
        ?.map(({ id: publicId, title, value }) => ({ id: publicId, name: title, value })),
      this.#callsToAction,
    );
    if (callsToAction)
      this.#attachments.callsToAction.set(
        id,
        callsToAction.map(({ id: publicId, name, value }) => ({ id: publicId, title: name, value })),
      );
    const type = row.location_type_id === null ? undefined : this.#types.get(row.location_type_id);
    const marker = row.marker_id === null ? undefined : this.#markers.get(row.marker_id);
    const record: LocationRecord = {
      ...row,
      type_public_id: type?.publicId ?? null,
      type_name: type?.name ?? null,
      type_priority: type?.priority ?? null,
      type_is_default: type ? Number(type.isDefault) : null,
      type_label: type?.label ?? null,
      marker_public_id: marker?.publicId ?? null,
      marker_name: marker?.name ?? null,
      marker_color: marker?.color ?? null,
      marker_icon_url: marker?.iconUrl ?? null,
      hours_name: hours?.name ?? null,
      hours_mon: hours?.mon ?? null,
      hours_tue: hours?.tue ?? null,
      hours_wed: hours?.wed ?? null,
      hours_thu: hours?.thu ?? null,
      hours_fri: hours?.fri ?? null,
      hours_sat: hours?.sat ?? null,
      hours_sun: hours?.sun ?? null,
    };
    return { record, attachments: this.#attachments };
  }
}

/** The schedule after a change: a new one takes the one name, a changed one keeps its own (the upsert's way). */
function scheduleAfter(change: HoursChange, locationId: number, before?: OpeningHoursRow): OpeningHoursRow | undefined {
  if (change.kind === 'keep') return before;
  if (change.kind === 'remove') return undefined;
  return { location_id: locationId, name: before?.name ?? writes.SCHEDULE_NAME, ...change.hours };
}

type NamedValue = { id: string; name: string; value: string };

/** A location's named values (fields or calls to action) after a change, in catalog order; undefined for none. */
function valuesAfter(
  change: ValuesChange | undefined,
  before: readonly NamedValue[] | undefined,
  catalog: ReadonlyMap<number, { publicId: string; name: string }>,
): NamedValue[] | undefined {
  if (!change || change.kind === 'keep') return before ? [...before] : undefined;
  const values = new Map<number, string>();
  if (change.kind === 'merge') {
    const idOf = new Map([...catalog].map(([id, entry]) => [entry.publicId, id]));
    for (const item of before ?? []) {
      const id = idOf.get(item.id);
      if (id !== undefined) values.set(id, item.value);
    }
    for (const id of change.remove) values.delete(id);
  }
  for (const [id, value] of change.kind === 'merge' ? change.upsert : change.values) values.set(id, value);
  const list = [...values]
    .sort(([a], [b]) => a - b)
    .flatMap(([id, value]) => {
      const entry = catalog.get(id);
      return entry ? [{ id: entry.publicId, name: entry.name, value }] : [];
    });
  return list.length > 0 ? list : undefined;
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
 * before, runs `change` (false: it wrote nothing, and nothing is recorded), reads them again, and records a `type`
 * event of each whose V2 body changed. Returns what `change` answered.
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
