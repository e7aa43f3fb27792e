import { sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import { selectRecords, type LocationRecord } from './location-records.repository.ts';

/** Whether a location is one the store finder shows: visible, with coordinates (`0` counts as missing, as for geocoding). */
export function isSearchable(record: Pick<LocationRecord, 'visible' | 'lat' | 'lng'>): boolean {
  return record.visible === 1 && record.lat !== null && record.lng !== null && record.lat !== 0 && record.lng !== 0;
}

/**
 * Up to `limit` of a project's locations with IDs above `afterId`, in ID order: what the store finder indexes, read in
 * batches. With `writtenAfter`, only those written at a later data version, visible or not (the index drops those
 * that are no longer searchable); without it, only searchable ones (`isSearchable`).
 */
export async function findFinderLocations(
  db: Executor,
  projectId: number,
  { afterId, limit, writtenAfter }: { afterId: number; limit: number; writtenAfter?: number },
): Promise<LocationRecord[]> {
  const which =
    writtenAfter === undefined
      ? sql`"locations"."visible" = 1 and "locations"."lat" is not null and "locations"."lng" is not null and "locations"."lat" <> 0 and "locations"."lng" <> 0`
      : sql`"locations"."data_version" > ${writtenAfter}`;
  return selectRecords(db, sql`"locations"."project_id" = ${projectId} and "locations"."id" > ${afterId} and ${which}`, sql`order by "locations"."id" limit ${limit}`);
}

/** IDs of the project's locations deleted at a data version after `version`. */
export async function findLocationsDeletedAfter(db: Executor, projectId: number, version: number): Promise<number[]> {
  const rows = await db.selectFrom('deleted_locations').select('location_id').where('project_id', '=', projectId).where('data_version', '>', version).execute();
  return rows.map((row) => row.location_id);
}
