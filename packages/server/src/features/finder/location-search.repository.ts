import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Box } from '../../domain/geo.ts';
import { WEEKDAYS } from '../../domain/hours.ts';
import { type LocationRecord, type ScheduleColumns, selectRecords } from '../locations/index.ts';

/**
 * Whether a location is one the store finder shows: visible, with coordinates (`0` counts as missing, as for
 * geocoding).
 */
export function isSearchable(record: Pick<LocationRecord, 'visible' | 'lat' | 'lng'>): boolean {
  return record.visible === 1 && record.lat !== null && record.lng !== null && record.lat !== 0 && record.lng !== 0;
}

const SEARCHABLE = sql`"locations"."visible" = 1 and "locations"."lat" is not null and "locations"."lng" is not null
  and "locations"."lat" <> 0 and "locations"."lng" <> 0`;

/**
 * What the store finder ranks and tests a location by, and no more: its place, its public ID (which orders equal
 * distances), its type and country, and what its opening status is worked out from. The answers' bodies are read
 * apart, by ID, for the locations a search returns.
 */
export interface SearchRow extends ScheduleColumns {
  id: number;
  public_id: string;
  visible: number;
  lat: number | null;
  lng: number | null;
  country: string | null;
  type_name: string | null;
}

const SELECT_SEARCH_ROWS = sql.raw(
  `select "locations"."id", "locations"."public_id", "locations"."visible", "locations"."lat", "locations"."lng",
    "locations"."country", "locations"."special_hours", "locations"."time_zone", "location_types"."name" as "type_name",
    "opening_hours"."name" as "hours_name", ${WEEKDAYS.map((day) => `"opening_hours"."${day}" as "hours_${day}"`).join(', ')}
  from "locations"
  left join "location_types" on "location_types"."id" = "locations"."location_type_id"
  left join "opening_hours" on "opening_hours"."location_id" = "locations"."id"`,
);

async function selectSearchRows(db: Executor, where: RawBuilder<unknown>, limit?: number): Promise<SearchRow[]> {
  const { rows } = await sql<SearchRow>`${SELECT_SEARCH_ROWS} where ${where} order by "locations"."id"
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`.execute(db);
  return rows;
}

/** Up to `limit` of a project's searchable locations with IDs above `afterId`, in ID order: an index's build. */
export function findSearchRowsAfter(
  db: Executor,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<SearchRow[]> {
  return selectSearchRows(
    db,
    sql`"locations"."project_id" = ${projectId} and "locations"."id" > ${afterId} and ${SEARCHABLE}`,
    limit,
  );
}

/** The locations with these IDs, searchable or not, in ID order: what an index catches up with. */
export function findSearchRowsByIds(db: Executor, ids: readonly number[]): Promise<SearchRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectSearchRows(db, sql`"locations"."id" in (${sql.join(ids)})`);
}

/** A project's searchable locations inside a box, in ID order: a search answered without the index. */
export function findSearchRowsInBox(db: Executor, projectId: number, box: Box): Promise<SearchRow[]> {
  const longitudes = sql.join(
    box.lngRanges.map(([west, east]) => sql`"locations"."lng" between ${west} and ${east}`),
    sql` or `,
  );
  return selectSearchRows(
    db,
    sql`"locations"."project_id" = ${projectId} and ${SEARCHABLE}
      and "locations"."lat" between ${box.minLat} and ${box.maxLat} and (${longitudes})`,
  );
}

/** IDs per query of `findFilterNames`: well under both dialects' limits on bound parameters. */
const IDS_PER_READ = 1_000;

/** The names of the filters of each of these locations (those without any are left out), any number of them. */
export async function findFilterNames(db: Executor, ids: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const slice = ids.slice(start, start + IDS_PER_READ);
    const { rows } = await sql<{
      location_id: number;
      name: string;
    }>`select "location_filters"."location_id", "filters"."name"
      from "location_filters" inner join "filters" on "filters"."id" = "location_filters"."filter_id"
      where "location_filters"."location_id" in (${sql.join(slice)})`.execute(db);
    for (const { location_id, name } of rows) {
      const list = names.get(location_id);
      if (list) list.push(name);
      else names.set(location_id, [name]);
    }
  }
  return names;
}

/**
 * Up to `limit` of a project's searchable locations with IDs above `afterId`, in ID order, as whole records: the
 * pins of a map.
 */
export async function findSearchableLocations(
  db: Executor,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<LocationRecord[]> {
  return selectRecords(
    db,
    sql`"locations"."project_id" = ${projectId} and "locations"."id" > ${afterId} and ${SEARCHABLE}`,
    sql`order by "locations"."id" limit ${limit}`,
  );
}

/** IDs of the project's locations written at a data version after `version`, visible or not, in ID order. */
export async function findLocationIdsWrittenAfter(db: Executor, projectId: number, version: number): Promise<number[]> {
  const rows = await db
    .selectFrom('locations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('data_version', '>', version)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** IDs of the project's locations deleted at a data version after `version`. */
export async function findLocationsDeletedAfter(db: Executor, projectId: number, version: number): Promise<number[]> {
  const rows = await db
    .selectFrom('deleted_locations')
    .select('location_id')
    .where('project_id', '=', projectId)
    .where('data_version', '>', version)
    .execute();
  return rows.map((row) => row.location_id);
}
