import { sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import { selectRecords, type LocationRecord } from './location-records.repository.ts';

/**
 * Up to `limit` of a project's visible, located locations with IDs above `afterId`, in ID order: what the store
 * finder indexes, read in batches. `0` coordinates count as missing, as they do for geocoding.
 */
export async function findSearchableLocations(db: Executor, projectId: number, afterId: number, limit: number): Promise<LocationRecord[]> {
  return selectRecords(
    db,
    sql`"locations"."project_id" = ${projectId} and "locations"."visible" = 1 and "locations"."id" > ${afterId}
      and "locations"."lat" is not null and "locations"."lng" is not null and "locations"."lat" <> 0 and "locations"."lng" <> 0`,
    sql`order by "locations"."id" limit ${limit}`,
  );
}
