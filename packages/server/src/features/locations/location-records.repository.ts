import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { LocationRow } from '../../db/tables/locations.table.ts';
import { WEEKDAYS, type WeeklyHours } from '../../domain/hours.ts';

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

/** The locations of a project named by any of these public or external IDs, with their type, marker and hours. */
export async function findRecordsByKeys(
  db: Executor,
  projectId: number,
  keys: { publicIds: readonly string[]; externalIds: readonly string[] },
): Promise<LocationRecord[]> {
  const named = [
    ...(keys.publicIds.length > 0 ? [sql`"locations"."public_id" in (${sql.join(keys.publicIds)})`] : []),
    ...(keys.externalIds.length > 0 ? [sql`"locations"."external_id" in (${sql.join(keys.externalIds)})`] : []),
  ];
  if (named.length === 0) return [];
  return selectRecords(db, sql`"locations"."project_id" = ${projectId} and (${sql.join(named, sql` or `)})`);
}

/** The next `limit` locations of a project after the ID `afterId`, in ID order: an export's next page, however deep. */
export async function recordsAfter(
  db: Executor,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<LocationRecord[]> {
  return selectRecords(
    db,
    sql`"locations"."project_id" = ${projectId} and "locations"."id" > ${afterId}`,
    sql`order by "locations"."id" limit ${limit}`,
  );
}

/** Every location of a project that has an external ID: the candidates of an import's `delete_missing`. */
export async function keyedLocations(
  db: Executor,
  projectId: number,
): Promise<{ id: number; public_id: string; external_id: string }[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'public_id', 'external_id'])
    .where('project_id', '=', projectId)
    .where('external_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, external_id: row.external_id ?? '' }));
}

export async function findLocationRecordById(db: Executor, id: number): Promise<LocationRecord | undefined> {
  const [record] = await selectRecords(db, sql`"locations"."id" = ${id}`);
  return record;
}

/** The records of the locations with these IDs, in ID order (the caller keeps the list to a size one statement takes). */
export async function findLocationRecordsByIds(db: Executor, ids: readonly number[]): Promise<LocationRecord[]> {
  if (ids.length === 0) return [];
  return selectRecords(db, sql`"locations"."id" in (${sql.join(ids)})`, sql`order by "locations"."id"`);
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

/** The locations of a project a bulk geocode works on: those `missing` coordinates, or `all` not set by hand. */
export async function locationsToGeocode(
  db: Executor,
  projectId: number,
  scope: 'missing' | 'all',
): Promise<LocationRow[]> {
  const query = db.selectFrom('locations').selectAll().where('project_id', '=', projectId).orderBy('id');
  return scope === 'missing'
    ? query
        .where((eb) => eb.or([eb('lat', 'is', null), eb('lat', '=', 0), eb('lng', 'is', null), eb('lng', '=', 0)]))
        .execute()
    : query.where('geocoding_status', '<>', 'manual').execute();
}
