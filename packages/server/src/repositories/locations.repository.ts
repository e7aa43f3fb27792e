import { PostgresAdapter, sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.ts';
import type { LocationFieldValuesTable } from '../db/tables/location-field-values.table.ts';
import type { InsertableLocationRow, LocationRow } from '../db/tables/locations.table.ts';
import type { OpeningHoursRow } from '../db/tables/opening-hours.table.ts';
import type { WeeklyHours } from '../domain/hours.ts';
import { escapeLike, type LocationListQuery, type TextFilter } from '../domain/location-list.ts';
import type { LocationColumns } from '../domain/location-write.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';

/** A location with its type and marker, as reads need it. */
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

/** A location's columns with its type, marker and opening hours, which are at most one row each. */
function selectRecords(db: Executor): SelectQueryBuilder<Database, 'locations' | 'location_types' | 'markers', LocationRecord> {
  return db
    .selectFrom('locations')
    .leftJoin('location_types', 'location_types.id', 'locations.location_type_id')
    .leftJoin('markers', 'markers.id', 'locations.marker_id')
    .leftJoin('opening_hours', 'opening_hours.location_id', 'locations.id')
    .selectAll('locations')
    .select([
      'location_types.public_id as type_public_id',
      'location_types.name as type_name',
      'location_types.priority as type_priority',
      'location_types.is_default as type_is_default',
      'location_types.label as type_label',
      'markers.public_id as marker_public_id',
      'markers.name as marker_name',
      'markers.color as marker_color',
      'markers.icon_url as marker_icon_url',
      'opening_hours.name as hours_name',
      'opening_hours.mon as hours_mon',
      'opening_hours.tue as hours_tue',
      'opening_hours.wed as hours_wed',
      'opening_hours.thu as hours_thu',
      'opening_hours.fri as hours_fri',
      'opening_hours.sat as hours_sat',
      'opening_hours.sun as hours_sun',
    ]) as unknown as SelectQueryBuilder<Database, 'locations' | 'location_types' | 'markers', LocationRecord>;
}

/** How a write reads the location it is about to change. */
export interface RecordLock {
  /**
   * Holds the location's row until the transaction ends, so other writes of the same location wait for it and then
   * read what it saved. Only for writes inside a transaction.
   */
  forUpdate?: boolean;
}

/**
 * On PostgreSQL, locks the location's row (`FOR UPDATE`), waiting for any write holding it. The record is read by the
 * next statement, which sees everything that write committed (a locking read that waited would see the new row but
 * its type and marker as they were before). SQLite needs no lock: its transactions run one at a time.
 */
async function lockIfAsked(db: Executor, lock: RecordLock, where: { projectId: number; publicId?: string; id?: number }): Promise<void> {
  if (!lock.forUpdate || !(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  let row = db.selectFrom('locations').select('id').where('project_id', '=', where.projectId);
  if (where.publicId !== undefined) row = row.where('public_id', '=', where.publicId);
  if (where.id !== undefined) row = row.where('id', '=', where.id);
  await row.forUpdate().execute();
}

// The record queries run on every single-location request; building their joins costs more than running them.
const recordByPublicId = compiledOnce((db, _shape: null, projectId: number, publicId: string) =>
  selectRecords(db).where('locations.project_id', '=', projectId).where('locations.public_id', '=', publicId),
);
const recordByV1Id = compiledOnce((db, _shape: null, projectId: number, id: number) =>
  selectRecords(db).where('locations.project_id', '=', projectId).where('locations.id', '=', id),
);
const recordById = compiledOnce((db, _shape: null, id: number) => selectRecords(db).where('locations.id', '=', id));

export async function findLocationRecord(db: Executor, projectId: number, publicId: string, lock: RecordLock = {}): Promise<LocationRecord | undefined> {
  await lockIfAsked(db, lock, { projectId, publicId });
  const [record] = await recordByPublicId(db, null, projectId, publicId);
  return record;
}

export async function findLocationRecordByV1Id(db: Executor, projectId: number, id: number, lock: RecordLock = {}): Promise<LocationRecord | undefined> {
  await lockIfAsked(db, lock, { projectId, id });
  const [record] = await recordByV1Id(db, null, projectId, id);
  return record;
}

export async function findLocationRecordById(db: Executor, id: number): Promise<LocationRecord | undefined> {
  const [record] = await recordById(db, null, id);
  return record;
}

function applyTextFilter(eb: ExpressionBuilder<Database, 'locations'>, filter: TextFilter) {
  const column = eb.fn<string>('lower', [eb.ref(`locations.${filter.field}`)]);
  const value = filter.value.toLowerCase();
  switch (filter.operator) {
    case 'eq':
      return eb(column, '=', value);
    case 'ne':
      return eb.or([eb(`locations.${filter.field}`, 'is', null), eb(column, '<>', value)]);
    case 'like':
      return eb(column, 'like', sql<string>`${`%${escapeLike(value)}%`} escape '\\'`);
  }
}

function filteredLocations(db: Executor, projectId: number, query: LocationListQuery) {
  let builder = db.selectFrom('locations').where('locations.project_id', '=', projectId);
  for (const filter of query.filters) builder = builder.where((eb) => applyTextFilter(eb, filter));
  if (query.visible !== undefined) builder = builder.where('locations.visible', '=', query.visible ? 1 : 0);
  if (query.updatedSince !== undefined) builder = builder.where('locations.updated_at', '>=', query.updatedSince);
  return builder;
}

export async function countLocations(db: Executor, projectId: number, query: LocationListQuery): Promise<number> {
  const row = await filteredLocations(db, projectId, query).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders by the sort key, then the ID, so pages never repeat or skip. */
function inListOrder<TB extends keyof Database, O>(builder: SelectQueryBuilder<Database, TB | 'locations', O>, sort: LocationListQuery['sort']) {
  const direction = sort.descending ? 'desc' : 'asc';
  // Missing values sort as the smallest on both dialects (PostgreSQL would put them last when ascending).
  // References by name (the key is one of SORT_KEYS), as the builder is generic over the tables joined.
  const sorted =
    sort.key === 'id'
      ? builder
      : builder.orderBy(sql.ref(`locations.${sort.key}`), (order) => (sort.descending ? order.desc().nullsLast() : order.asc().nullsFirst()));
  return sorted.orderBy(sql.ref('locations.id'), direction);
}

/** The page's IDs, as a subquery. */
export type PageIds = SelectQueryBuilder<Database, 'locations', { id: number }>;

/**
 * One page of locations in a stable order, read by `read`, which selects from `locations` (and joins) the rows whose
 * ID is in the page's IDs. Those IDs are picked first from the locations table alone (an index walk when ordered by
 * ID), and only their rows are joined and read, so a deep page does not join every row before it.
 */
export async function pageOfLocationIds<TB extends keyof Database, O>(
  db: Executor,
  projectId: number,
  query: LocationListQuery,
  read: (ids: PageIds) => SelectQueryBuilder<Database, TB | 'locations', O>,
): Promise<O[]> {
  const page = inListOrder(filteredLocations(db, projectId, query).select('locations.id'), query.sort)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return inListOrder(read(page), query.sort).execute();
}

/** Records of the given locations, in no particular order (those deleted meanwhile are left out). */
export async function findLocationRecordsByIds(db: Executor, ids: number[]): Promise<LocationRecord[]> {
  if (ids.length === 0) return [];
  return selectRecords(db).where('locations.id', 'in', ids).execute();
}

/** The weekly schedule joined into a record, or null for a coming-soon location. */
export function scheduleOf(record: LocationRecord): WeeklyHours | null {
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

/** The filters, fields and calls to action of the given locations, of the kinds asked for: one UNION ALL. */
const attachedRows = compiledOnce((db, selection: Omit<AttachmentSelection, 'hours'>, locationIds: number[]) => {
  const asked: (AttachedRowsQuery | false)[] = [
    selection.filters &&
      db
        .selectFrom('location_filters')
        .innerJoin('filters', 'filters.id', 'location_filters.filter_id')
        .select([
          sql.lit<AttachedKind>('filter').as('kind'),
          'location_filters.location_id',
          'location_filters.filter_id as catalog_id',
          'filters.public_id',
          'filters.name',
          sql<string | null>`null`.as('value'),
        ])
        .where('location_filters.location_id', 'in', locationIds)
        .$castTo<AttachedRow>(),
    selection.fields &&
      db
        .selectFrom('location_field_values')
        .innerJoin('custom_fields', 'custom_fields.id', 'location_field_values.field_id')
        .select([
          sql.lit<AttachedKind>('field').as('kind'),
          'location_field_values.location_id',
          'location_field_values.field_id as catalog_id',
          'custom_fields.public_id',
          'custom_fields.name',
          'location_field_values.value',
        ])
        .where('location_field_values.location_id', 'in', locationIds)
        .$castTo<AttachedRow>(),
    selection.callsToAction &&
      db
        .selectFrom('location_calls_to_action')
        .innerJoin('calls_to_action', 'calls_to_action.id', 'location_calls_to_action.call_to_action_id')
        .select([
          sql.lit<AttachedKind>('callToAction').as('kind'),
          'location_calls_to_action.location_id',
          'location_calls_to_action.call_to_action_id as catalog_id',
          'calls_to_action.public_id',
          'calls_to_action.title as name',
          'location_calls_to_action.value',
        ])
        .where('location_calls_to_action.location_id', 'in', locationIds)
        .$castTo<AttachedRow>(),
  ];
  const [first, ...rest] = asked.filter((query): query is AttachedRowsQuery => query !== false);
  if (!first) throw new Error('attachedRows needs at least one kind of attachment');
  // By location, then by the attached row's catalog ID: the order of each kind's primary key, so SQLite reads every
  // part in order and merges them without sorting (ordered by the joined catalog's ID, each part was sorted apart).
  return rest.reduce((union, query) => union.unionAll(query), first).orderBy('location_id').orderBy('catalog_id');
});

/**
 * Hours, filters, fields and calls to action of many locations: the hours from the records themselves, the filters,
 * fields and calls to action in one query whatever their number (a UNION ALL, in catalog order within each kind).
 */
export async function loadAttachments(db: Executor, records: LocationRecord[], selection: AttachmentSelection): Promise<LocationAttachments> {
  const attachments: LocationAttachments = { hours: new Map(), filters: new Map(), fields: new Map(), callsToAction: new Map() };
  if (records.length === 0) return attachments;
  if (selection.hours) {
    for (const record of records) {
      const schedule = scheduleOf(record);
      if (record.hours_name !== null && schedule) attachments.hours.set(record.id, { location_id: record.id, name: record.hours_name, ...schedule });
    }
  }
  const push = <T>(map: Map<number, T[]>, key: number, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const lists = { filters: selection.filters, fields: selection.fields, callsToAction: selection.callsToAction };
  if (!lists.filters && !lists.fields && !lists.callsToAction) return attachments;
  const rows = await attachedRows(
    db,
    lists,
    records.map((record) => record.id),
  );
  for (const row of rows) {
    if (row.kind === 'filter') push(attachments.filters, row.location_id, { id: row.public_id, name: row.name });
    else if (row.kind === 'field') push(attachments.fields, row.location_id, { id: row.public_id, name: row.name, value: row.value ?? '' });
    else push(attachments.callsToAction, row.location_id, { id: row.public_id, title: row.name, value: row.value ?? '' });
  }
  return attachments;
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
type AttachedRowsQuery = SelectQueryBuilder<Database, keyof Database, AttachedRow>;

// Every create asks for one slug first (and for a few batches of at most 26 when the name is taken, see
// `domain/slug.ts`), so the query is compiled once per count.
const slugsIn = compiledOnce((db, _shape: null, projectId: number, slugs: string[]) =>
  db.selectFrom('locations').select('slug').where('project_id', '=', projectId).where('slug', 'in', slugs),
);

/** Which of these slugs the project's locations already have (exact matches, so each is an index probe). */
export async function takenSlugs(db: Executor, projectId: number, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await slugsIn(db, null, projectId, slugs);
  return new Set(rows.map((row) => row.slug));
}

// The writes of a create, compiled once per shape (which columns, how many rows): Kysely took longer to build the
// six statements of a create than SQLite took to run them.
const insertRow = compiledOnce((db, names: readonly (keyof InsertableLocationRow)[], values: unknown[]) =>
  db
    .insertInto('locations')
    .values(Object.fromEntries(names.map((name, index) => [name, values[index]])) as unknown as InsertableLocationRow)
    .returningAll(),
);

/** Inserts a location; returns its row as saved (with its ID and the columns' defaults). */
export async function insertLocation(db: Executor, row: InsertableLocationRow): Promise<LocationRow> {
  const names = (Object.keys(row) as (keyof InsertableLocationRow)[]).filter((name) => row[name] !== undefined).sort();
  const [inserted] = await insertRow(
    db,
    names,
    names.map((name) => row[name]),
  );
  if (!inserted) throw new Error('INSERT … RETURNING gave no row');
  return inserted;
}

type UpdatedColumns = LocationColumns & { updated_at: string };

// One statement per set of changed columns (a PATCH of the phone always changes the same two), compiled once:
// building an UPDATE of a dozen columns took Kysely longer than SQLite takes to run it.
const updateColumns = compiledOnce((db, names: readonly (keyof UpdatedColumns)[], id: number, values: unknown[]) =>
  db
    .updateTable('locations')
    // Moving the revision here saves the trigger a second update of the row (see migration 20261122T0300).
    .set((eb) => ({ ...(Object.fromEntries(names.map((name, index) => [name, values[index]])) as unknown as UpdatedColumns), revision: eb('revision', '+', 1) }))
    .where('id', '=', id),
);

/** Writes only the changed columns, so concurrent writes of different fields both persist. */
export async function updateLocationColumns(db: Executor, id: number, columns: UpdatedColumns): Promise<void> {
  const names = (Object.keys(columns) as (keyof UpdatedColumns)[]).filter((name) => columns[name] !== undefined).sort();
  await updateColumns(
    db,
    names,
    id,
    names.map((name) => columns[name]),
  );
}

export async function deleteLocation(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('locations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const upsertHours = compiledOnce((db, _shape: null, locationId: number, name: string, days: (string | null)[]) =>
  db
    .insertInto('opening_hours')
    .values({ location_id: locationId, name, ...(Object.fromEntries(WEEKDAYS.map((day, index) => [day, days[index]])) as WeeklyHours) })
    .onConflict((conflict) => conflict.column('location_id').doUpdateSet((eb) => Object.fromEntries(WEEKDAYS.map((day) => [day, eb.ref(`excluded.${day}`)])))),
);

export async function saveHours(db: Executor, locationId: number, name: string, hours: WeeklyHours): Promise<void> {
  await upsertHours(
    db,
    null,
    locationId,
    name,
    WEEKDAYS.map((day) => hours[day]),
  );
}

/** The tables of what a location has attached, each keyed by `location_id`. */
export type AttachmentTable = 'opening_hours' | 'location_filters' | 'location_field_values' | 'location_calls_to_action';

// The table is the shape; each is typed as the filters' one, as Kysely cannot type a table chosen at run time.
const deleteAttached = compiledOnce((db, table: AttachmentTable, locationId: number) => db.deleteFrom(table as 'location_filters').where('location_id', '=', locationId));

/** Removes everything of one kind attached to a location (its hours, filters, field values or calls to action). */
export async function clearAttached(db: Executor, table: AttachmentTable, locationId: number): Promise<void> {
  await deleteAttached(db, table, locationId);
}

const insertFilterRows = compiledOnce((db, _shape: null, locationId: number, filterIds: number[]) =>
  db.insertInto('location_filters').values(filterIds.map((filter_id) => ({ location_id: locationId, filter_id }))),
);

/** Adds filters to a location that has none of them. */
export async function insertFilters(db: Executor, locationId: number, filterIds: number[]): Promise<void> {
  if (filterIds.length > 0) await insertFilterRows(db, null, locationId, filterIds);
}

type ValueTable = 'location_field_values' | 'location_calls_to_action';
const VALUE_KEY = { location_field_values: 'field_id', location_calls_to_action: 'call_to_action_id' } as const;

const upsertValueRows = compiledOnce((db, table: ValueTable, locationId: number, ids: number[], values: string[]) => {
  const key = VALUE_KEY[table];
  // Both tables have the same shape under another key column; typed as the fields' one.
  return db
    .insertInto(table as 'location_field_values')
    .values(ids.map((id, index) => ({ location_id: locationId, [key]: id, value: values[index] }) as unknown as LocationFieldValuesTable))
    .onConflict((conflict) => conflict.columns(['location_id', key as 'field_id']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })));
});

/** Sets the given values by catalog ID, leaving the others as they are. */
export async function upsertValues(db: Executor, table: ValueTable, locationId: number, values: Map<number, string>): Promise<void> {
  if (values.size === 0) return;
  await upsertValueRows(db, table, locationId, [...values.keys()], [...values.values()]);
}

export async function removeValues(db: Executor, table: ValueTable, locationId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from ${sql.table(table)} where location_id = ${locationId} and ${sql.ref(VALUE_KEY[table])} in (${sql.join(ids)})`.execute(db);
}

