import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { GeocodingJobRow } from '../../db/tables/geocoding-jobs.table.ts';
import { isoOf } from '../../domain/time.ts';
import { claimable } from '../../jobs/claim.ts';
import type { Lease } from '../../jobs/lease.ts';

/**
 * Queues geocoding for a location. A pending job for the same location is superseded: it is reset to run
 * now for the newest address, so one location never has two jobs waiting.
 */
export async function enqueueGeocoding(db: Executor, locationId: number, now: number): Promise<void> {
  const at = isoOf(now);
  const superseded = await db
    .updateTable('geocoding_jobs')
    .set({ attempts: 0, run_after: at, last_error: null, updated_at: at })
    .where('location_id', '=', locationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(superseded.numUpdatedRows) > 0) return;
  await enqueueGeocodingOfNew(db, [locationId], now);
}

/** Queues geocoding for locations just created (which have no job yet), in one statement. */
export async function enqueueGeocodingOfNew(db: Executor, locationIds: number[], now: number): Promise<void> {
  if (locationIds.length === 0) return;
  const at = isoOf(now);
  await db
    .insertInto('geocoding_jobs')
    .values(
      locationIds.map((location_id) => ({
        location_id,
        status: 'pending',
        attempts: 0,
        run_after: at,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * Claims the oldest due job under a lease: a pending job whose time has come, or a running one whose worker's lease
 * ran out (it died). Counts the try.
 */
export async function claimNextJob(
  db: Executor,
  { workerId, now, until }: Lease,
): Promise<GeocodingJobRow | undefined> {
  const at = isoOf(now);
  const due = sql<boolean>`(status = 'pending' and run_after <= ${at}) or (status = 'running' and locked_until < ${at})`;
  const candidates = db
    .selectFrom('geocoding_jobs')
    .select('id')
    .where(due)
    .orderBy('run_after')
    .orderBy('id')
    .limit(1);
  return db
    .updateTable('geocoding_jobs')
    .set({
      status: 'running',
      locked_by: workerId,
      locked_until: isoOf(until),
      attempts: sql<number>`attempts + 1`,
      updated_at: at,
    })
    .where('id', '=', claimable(db, candidates))
    .where(due)
    .returningAll()
    .executeTakeFirst();
}

/** Ends a job held by this worker; false when the lease was lost (another worker took over a stale job). */
export async function finishJob(
  db: Executor,
  job: Pick<GeocodingJobRow, 'id' | 'locked_by'>,
  outcome: { status: 'done' | 'failed' | 'skipped'; reason: string | null },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('geocoding_jobs')
    .set({
      status: outcome.status,
      last_error: outcome.reason,
      locked_by: null,
      locked_until: null,
      updated_at: isoOf(now),
    })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', job.locked_by)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts a job that failed for a passing reason back in the queue until `runAfter`. */
export async function retryJobLater(
  db: Executor,
  job: Pick<GeocodingJobRow, 'id' | 'locked_by'>,
  reason: string,
  runAfter: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('geocoding_jobs')
    .set({
      status: 'pending',
      last_error: reason,
      run_after: isoOf(runAfter),
      locked_by: null,
      locked_until: null,
      updated_at: isoOf(now),
    })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', job.locked_by)
    .execute();
}

/** Closes a location's waiting jobs once its coordinates were found another way (a bulk re-geocode). */
export async function completePendingJobs(
  db: Executor,
  locationId: number,
  reason: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('geocoding_jobs')
    .set({ status: 'done', last_error: reason, updated_at: isoOf(now) })
    .where('location_id', '=', locationId)
    .where('status', '=', 'pending')
    .execute();
}
