import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { LocationRow } from '../../db/tables/locations.table.ts';
import type { OpeningHoursRow } from '../../db/tables/opening-hours.table.ts';
import type { ProjectCatalog } from '../../domain/catalog.ts';
import { commonestCountryCode } from '../../domain/countries.ts';
import { WEEKDAYS, type Weekday, type WeeklyHours } from '../../domain/hours.ts';
import type { OpeningSchedule } from '../../domain/opening-status.ts';
import { readSpecialHours } from '../../domain/special-hours.ts';

// What reads of locations need: a location's record (its row with its type, marker and hours joined), its attachments,
// and the project's catalog a write plans from. Bulk reads are in location-lists.repository.ts, over `selectRecords`.

/** A location with its type, marker and weekly hours, as reads need it. */
export interface LocationRecord extends LocationRow {
  type_public_id: string | null;
  type_name: string | null;
  type_priority: number | null;
  type_is_default: number | null;
  type_label: number | null;
  marker_public_id: string | null;
  marker_name: string | null;
  marker_color: string | null;
  marker_icon_url: string | null;
  /** The opening-hours row, joined in (null when the location has no schedule). */
  hours_name: string | null;
  hours_mon: string | null;
  hours_tue: string | null;
  hours_wed: string | null;
  hours_thu: string | null;
  hours_fri: string | null;
  hours_sat: string | null;
  hours_sun: string | null;
}

/** What a record joins to the location's own columns, as `table.column` and the name it takes in the record. */
const JOINED_COLUMNS: readonly [string, keyof LocationRecord][] = [
  ['location_types.public_id', 'type_public_id'],
  ['location_types.name', 'type_name'],
  ['location_types.priority', 'type_priority'],
  ['location_types.is_default', 'type_is_default'],
  ['location_types.label', 'type_label'],
  ['markers.public_id', 'marker_public_id'],
  ['markers.name', 'marker_name'],
  ['markers.color', 'marker_color'],
  ['markers.icon_url', 'marker_icon_url'],
  ['opening_hours.name', 'hours_name'],
  ...WEEKDAYS.map((day): [string, keyof LocationRecord] => [`opening_hours.${day}`, `hours_${day}`]),
];

const quoted = (reference: string) =>
  reference
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');

/**
 * A location's columns with its type, marker and opening hours (at most one row each), as SQL text: the same on
 * both dialects. Every single-location request reads one, and Kysely's builder took longer to build this select
 * (~36 µs) than SQLite took to run it (~23 µs), so the hot reads are Kysely `sql` templates over this text
 * (docs/decisions/record-reads-as-sql.md).
 */
const SELECT_RECORDS = sql.raw(
  `select "locations".*, ${JOINED_COLUMNS.map(([column, alias]) => `${quoted(column)} as "${alias}"`).join(', ')} from "locations"
  left join "location_types" on "location_types"."id" = "locations"."location_type_id"
  left join "markers" on "markers"."id" = "locations"."marker_id"
  left join "opening_hours" on "opening_hours"."location_id" = "locations"."id"`,
);

/** Records whose location matches `where` (an SQL condition on `"locations"`), in the order `orderBy` gives. */
export async function selectRecords(
  db: Executor,
  where: RawBuilder<unknown>,
  orderBy: RawBuilder<unknown> = sql``,
): Promise<LocationRecord[]> {
  const { rows } = await sql<LocationRecord>`${SELECT_RECORDS} where ${where} ${orderBy}`.execute(db);
  return rows;
}

/** How a write reads the location it is about to change. */
export interface RecordLock {
  /**
   * Holds the location's row until the transaction ends, so other writes of the same location wait for it and then
   * read what it saved. Only for writes inside a transaction.
   */
  forUpdate?: boolean;
}

/** Names a location by its V2 public ID or its numeric V1 ID. */
export type LocationKey = { publicId: string } | { v1Id: number };

/**
 * On PostgreSQL, locks the location's row (`FOR UPDATE`), waiting for any write holding it. The record is read by the
 * next statement, which sees everything that write committed (a locking read that waited would see the new row but
 * its type and marker as they were before). SQLite needs no lock: its write transactions run one at a time.
 */
async function lockIfAsked(db: Executor, projectId: number, key: LocationKey, lock: RecordLock): Promise<void> {
  if (!lock.forUpdate || !(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const row = db.selectFrom('locations').select('id').where('project_id', '=', projectId);
  await ('publicId' in key ? row.where('public_id', '=', key.publicId) : row.where('id', '=', key.v1Id))
    .forUpdate()
    .execute();
}

/** A location of the project by its public or V1 ID, with its type, marker and hours. */
export async function findLocationRecord(
  db: Executor,
  projectId: number,
  key: LocationKey,
  lock: RecordLock = {},
): Promise<LocationRecord | undefined> {
  await lockIfAsked(db, projectId, key, lock);
  const named =
    'publicId' in key ? sql`"locations"."public_id" = ${key.publicId}` : sql`"locations"."id" = ${key.v1Id}`;
  const [record] = await selectRecords(db, sql`"locations"."project_id" = ${projectId} and ${named}`);
  return record;
}

/** The locations of a project holding these external IDs, by external ID (an index probe each). */
export async function locationsByExternalId(
  db: Executor,
  projectId: number,
  externalIds: readonly string[],
): Promise<Map<string, { id: number; public_id: string }>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'public_id', 'external_id'])
    .where('project_id', '=', projectId)
    .where('external_id', 'in', externalIds)
    .execute();
  return new Map(rows.map((row) => [row.external_id ?? '', { id: row.id, public_id: row.public_id }]));
}

export async function findLocationRecordById(db: Executor, id: number): Promise<LocationRecord | undefined> {
  const [record] = await selectRecords(db, sql`"locations"."id" = ${id}`);
  return record;
}

/**
 * The records of the locations with these IDs, in ID order (the caller keeps the list to a size one statement takes).
 */
export async function findLocationRecordsByIds(db: Executor, ids: readonly number[]): Promise<LocationRecord[]> {
  if (ids.length === 0) return [];
  return selectRecords(db, sql`"locations"."id" in (${sql.join(ids)})`, sql`order by "locations"."id"`);
}

/** The columns a location's opening schedule is read from: its weekly hours joined in, special hours and zone. */
export type ScheduleColumns = Pick<LocationRecord, `hours_${Weekday}` | 'hours_name' | 'special_hours' | 'time_zone'>;

/** The weekly schedule joined into a record, or null for a coming-soon location. */
export function scheduleOf(record: Omit<ScheduleColumns, 'special_hours' | 'time_zone'>): WeeklyHours | null {
  if (record.hours_name === null) return null;
  return {
    mon: record.hours_mon,
    tue: record.hours_tue,
    wed: record.hours_wed,
    thu: record.hours_thu,
    fri: record.hours_fri,
    sat: record.hours_sat,
    sun: record.hours_sun,
  };
}

export interface LocationAttachments {
  hours: Map<number, OpeningHoursRow>;
  filters: Map<number, { id: string; name: string }[]>;
  fields: Map<number, { id: string; name: string; value: string }[]>;
  callsToAction: Map<number, { id: string; title: string; value: string }[]>;
}

export interface AttachmentSelection {
  hours: boolean;
  filters: boolean;
  fields: boolean;
  callsToAction: boolean;
}

type AttachedKind = 'filter' | 'field' | 'callToAction';
interface AttachedRow {
  kind: AttachedKind;
  location_id: number;
  catalog_id: number;
  public_id: string;
  name: string;
  value: string | null;
}

/**
 * Each kind's part of the attachments query, as SQL text over the locations' IDs (`:ids`): one row per attached item
 * with its catalog entry. Text rather than Kysely's builder for the reason `SELECT_RECORDS` gives (building this
 * union took longer than running it).
 */
const ATTACHED_PARTS: Record<AttachedKind, (ids: RawBuilder<unknown>) => RawBuilder<AttachedRow>> = {
  filter: (
    ids,
  ) => sql`select 'filter' as "kind", "location_filters"."location_id", "location_filters"."filter_id" as "catalog_id",
    "filters"."public_id", "filters"."name", null as "value"
    from "location_filters" inner join "filters" on "filters"."id" = "location_filters"."filter_id"
    where "location_filters"."location_id" in (${ids})`,
  field: (
    ids,
  ) => sql`select 'field' as "kind", "location_field_values"."location_id", "location_field_values"."field_id" as "catalog_id",
    "custom_fields"."public_id", "custom_fields"."name", "location_field_values"."value"
    from "location_field_values" inner join "custom_fields" on "custom_fields"."id" = "location_field_values"."field_id"
    where "location_field_values"."location_id" in (${ids})`,
  callToAction: (ids) => sql`select 'callToAction' as "kind", "location_calls_to_action"."location_id",
    "location_calls_to_action"."call_to_action_id" as "catalog_id", "calls_to_action"."public_id", "calls_to_action"."title" as "name",
    "location_calls_to_action"."value"
    from "location_calls_to_action" inner join "calls_to_action" on "calls_to_action"."id" = "location_calls_to_action"."call_to_action_id"
    where "location_calls_to_action"."location_id" in (${ids})`,
};

/** The filters, fields and calls to action of the given locations, of the kinds asked for: one UNION ALL. */
async function attachedRows(
  db: Executor,
  selection: Omit<AttachmentSelection, 'hours'>,
  locationIds: number[],
): Promise<AttachedRow[]> {
  const kinds = (['filter', 'field', 'callToAction'] as const).filter(
    (kind) => selection[kind === 'filter' ? 'filters' : kind === 'field' ? 'fields' : 'callsToAction'],
  );
  if (kinds.length === 0 || locationIds.length === 0) return [];
  const ids = sql.join(locationIds);
  const union = sql.join(
    kinds.map((kind) => ATTACHED_PARTS[kind](ids)),
    sql` union all `,
  );
  // By location, then by the attached row's catalog ID: each part's primary-key order, so no part is sorted apart.
  const { rows } = await sql<AttachedRow>`${union} order by "location_id", "catalog_id"`.execute(db);
  return rows;
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Hours, filters, fields and calls to action of many locations: the hours from the records themselves, the filters,
 * fields and calls to action in one query whatever their number (a UNION ALL, in catalog order within each kind).
 */
export async function loadAttachments(
  db: Executor,
  records: LocationRecord[],
  selection: AttachmentSelection,
): Promise<LocationAttachments> {
  const attachments: LocationAttachments = {
    hours: new Map(),
    filters: new Map(),
    fields: new Map(),
    callsToAction: new Map(),
  };
  if (records.length === 0) return attachments;
  if (selection.hours) {
    for (const record of records) {
      const schedule = scheduleOf(record);
      if (record.hours_name !== null && schedule)
        attachments.hours.set(record.id, { location_id: record.id, name: record.hours_name, ...schedule });
    }
  }
  const rows = await attachedRows(
    db,
    selection,
    records.map((record) => record.id),
  );
  for (const row of rows) {
    if (row.kind === 'filter') push(attachments.filters, row.location_id, { id: row.public_id, name: row.name });
    else if (row.kind === 'field')
      push(attachments.fields, row.location_id, { id: row.public_id, name: row.name, value: row.value ?? '' });
    else
      push(attachments.callsToAction, row.location_id, { id: row.public_id, title: row.name, value: row.value ?? '' });
  }
  return attachments;
}

/** A location as reads return it: the record with whichever attachments were asked for. */
export interface LocationView {
  record: LocationRecord;
  attachments: LocationAttachments;
}

export const ALL_ATTACHMENTS: AttachmentSelection = { hours: true, filters: true, fields: true, callsToAction: true };

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

/** Everything that decides whether the location is open: weekly and special hours, and its zone. */
export function openingScheduleOf(record: ScheduleColumns): OpeningSchedule {
  return { weekly: scheduleOf(record), special: readSpecialHours(record.special_hours), timeZone: record.time_zone };
}

type CatalogKind = 'type' | 'marker' | 'filter' | 'field' | 'callToAction' | 'image';

/**
 * One configured entry of any kind, as the catalog query returns them side by side (null where a kind has no such
 * column).
 */
interface CatalogRow {
  kind: CatalogKind;
  id: number;
  public_id: string;
  name: string;
  is_default: number;
  url: string | null;
  priority: number | null;
  label: number | null;
  color: string | null;
  icon_url: string | null;
}

/**
 * The six small tables of a project's configuration side by side (a UNION ALL, named by its first part), each kind in
 * the order the project gave it (images have no order of their own: their ID).
 */
const catalogRows = (projectId: number) => sql<CatalogRow>`
  select 'type' as "kind", "id", "public_id", "name", "is_default", null as "url", "priority", "label",
    null as "color", null as "icon_url", "position" from "location_types" where "project_id" = ${projectId}
  union all select 'marker', "id", "public_id", "name", "is_default", null, null, null, "color", "icon_url", "position"
    from "markers" where "project_id" = ${projectId}
  union all select 'filter', "id", "public_id", "name", 0, null, null, null, null, null, "position"
    from "filters" where "project_id" = ${projectId}
  union all select 'field', "id", "public_id", "name", 0, null, null, null, null, null, "position"
    from "custom_fields" where "project_id" = ${projectId}
  union all select 'callToAction', "id", "public_id", "title", 0, null, null, null, null, null, "position"
    from "calls_to_action" where "project_id" = ${projectId}
  union all select 'image', "id", "public_id", "name", 0, "url", null, null, null, null, "id"
    from "images" where "project_id" = ${projectId}
  order by "position", "id"`;

/**
 * Everything a project configured for its locations, in one query whatever the project's size: every create and
 * update needs it, so it is one round trip, not six.
 */
export async function loadCatalog(
  db: Executor,
  projectId: number,
  { withDefaultCountry = false }: { withDefaultCountry?: boolean } = {},
): Promise<ProjectCatalog> {
  const { rows } = await catalogRows(projectId).execute(db);
  const of = (kind: CatalogKind) => rows.filter((row) => row.kind === kind);
  return {
    ...(withDefaultCountry ? { defaultCountry: await projectDefaultCountry(db, projectId) } : {}),
    types: of('type').map((t) => ({
      id: t.id,
      publicId: t.public_id,
      name: t.name,
      priority: t.priority ?? 0,
      isDefault: t.is_default === 1,
      label: t.label ?? 0,
    })),
    markers: of('marker').map((m) => ({
      id: m.id,
      publicId: m.public_id,
      name: m.name,
      color: m.color,
      iconUrl: m.icon_url,
      isDefault: m.is_default === 1,
    })),
    filters: of('filter').map(({ id, public_id, name }) => ({ id, publicId: public_id, name })),
    fields: of('field').map(({ id, public_id, name }) => ({ id, publicId: public_id, name })),
    callsToAction: of('callToAction').map(({ id, public_id, name }) => ({ id, publicId: public_id, title: name })),
    images: of('image').map(({ name, url }) => ({ name, url: url ?? '' })),
  };
}

/**
 * The project's default country when it set one (`/branding`), else the country most of its locations are in
 * (counting every way they write it), or null. A scan of the project's locations, so it is read only for a write with
 * a phone number that needs it.
 */
export async function projectDefaultCountry(db: Executor, projectId: number): Promise<string | null> {
  const project = await db
    .selectFrom('projects')
    .select('default_country')
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (project?.default_country) return project.default_country;
  const counts = await db
    .selectFrom('locations')
    .select(({ fn }) => ['country', fn.countAll<number | string>().as('count')])
    .where('project_id', '=', projectId)
    .where('country', 'is not', null)
    .groupBy('country')
    .execute();
  return commonestCountryCode(counts.map(({ country, count }) => ({ country: country ?? '', count: Number(count) })));
}
