import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { Box } from '../domain/geo.ts';
import { selectRecords, type LocationRecord } from './location-records.repository.ts';

/** Which of a project's locations a store-finder search may return, before distances are measured. */
export interface SearchCandidates {
  /** Only locations inside this box; every located one without it. */
  box?: Box;
  /** Names of location types, any of which a location may have (ignoring case). */
  types?: readonly string[];
  /** Names of filters (ignoring case): a location has all of them, or any. */
  filters?: { names: readonly string[]; match: 'all' | 'any' };
}

const lowered = (names: readonly string[]) => sql.join(names.map((name) => sql`${name.toLowerCase()}`));

/**
 * The visible, located locations of a project that match a search's box, types and filters, as records. Distances,
 * order and limits are the caller's; `0` coordinates count as missing, as they do for geocoding.
 */
export async function findSearchCandidates(db: Executor, projectId: number, candidates: SearchCandidates): Promise<LocationRecord[]> {
  const conditions: RawBuilder<unknown>[] = [
    sql`"locations"."project_id" = ${projectId}`,
    sql`"locations"."visible" = 1`,
    sql`"locations"."lat" is not null and "locations"."lng" is not null and "locations"."lat" <> 0 and "locations"."lng" <> 0`,
  ];
  const { box, types, filters } = candidates;
  if (box) {
    conditions.push(sql`"locations"."lat" between ${box.minLat} and ${box.maxLat}`);
    conditions.push(sql`(${sql.join(box.lngRanges.map(([west, east]) => sql`"locations"."lng" between ${west} and ${east}`), sql` or `)})`);
  }
  if (types && types.length > 0) conditions.push(sql`lower("location_types"."name") in (${lowered(types)})`);
  if (filters && filters.names.length > 0) {
    const matching = sql`select count(distinct lower("filters"."name")) from "location_filters" inner join "filters" on "filters"."id" = "location_filters"."filter_id"
      where "location_filters"."location_id" = "locations"."id" and lower("filters"."name") in (${lowered(filters.names)})`;
    const needed = filters.match === 'all' ? new Set(filters.names.map((name) => name.toLowerCase())).size : 1;
    conditions.push(sql`(${matching}) >= ${needed}`);
  }
  return selectRecords(db, sql.join(conditions, sql` and `), sql`order by "locations"."id"`);
}
