import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { GeocodingJobRow } from '../db/tables/geocoding-jobs.table.ts';

/**
 * Queues geocoding for a location. A pending job for the same location is superseded: it is reset to run
 * now for the newest address, so one location never has two jobs waiting.
 */
export async function enqueueGeocoding(db: Executor, locationId: number, now: string): Promise<void> {
  const superseded = await db
    .updateTable('geocoding_jobs')
    .set({ attempts: 0, run_after: now, last_error: null, updated_at: now })
    .where('location_id', '=', locationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(superseded.numUpdatedRows) > 0) return;
  await db
    .insertInto('geocoding_jobs')
    .values({
      location_id: locationId,
      status: 'pending',
      attempts: 0,
      run_after: now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Claims the oldest due job for one worker: a pending job whose time has come, or a running one whose worker's lock
 * ran out (it crashed). The claim is one UPDATE that re-checks the job's state, so two workers never both win it;
 * on PostgreSQL the candidate is picked `FOR UPDATE SKIP LOCKED`, so concurrent workers take different jobs at once
 * instead of queueing behind one row.
 */
export async function claimNextJob(
  db: Executor,
  workerId: string,
  now: string,
  lockedUntil: string,
): Promise<GeocodingJobRow | undefined> {
  const due = sql<boolean>`(status = 'pending' and run_after <= ${now}) or (status = 'running' and locked_until < ${now})`;
  let candidates = db.selectFrom('geocoding_jobs').select('id').where(due).orderBy('run_after').orderBy('id').limit(1);
  if (db.getExecutor().adapter instanceof PostgresAdapter) candidates = candidates.forUpdate().skipLocked();
  return db
    .updateTable('geocoding_jobs')
    .set({
      status: 'running',
      locked_by: workerId,
      locked_until: lockedUntil,
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    })
    .where('id', '=', candidates)
    .where(due)
    .returningAll()
    .executeTakeFirst();
}

/** Ends a job held by this worker; false when the lock was lost (another worker took over a stale job). */
export async function finishJob(
  db: Executor,
  job: Pick<GeocodingJobRow, 'id' | 'locked_by'>,
  outcome: { status: 'done' | 'failed' | 'skipped'; reason: string | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('geocoding_jobs')
    .set({ status: outcome.status, last_error: outcome.reason, locked_by: null, locked_until: null, updated_at: now })
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
  runAfter: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('geocoding_jobs')
    .set({
      status: 'pending',
      last_error: reason,
      run_after: runAfter,
      locked_by: null,
      locked_until: null,
      updated_at: now,
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
  now: string,
): Promise<void> {
  await db
    .updateTable('geocoding_jobs')
    .set({ status: 'done', last_error: reason, updated_at: now })
    .where('location_id', '=', locationId)
    .where('status', '=', 'pending')
    .execute();
}

/** Queues geocoding for locations just created (which have no job yet), in one statement. */
export async function enqueueGeocodingOfNew(db: Executor, locationIds: number[], now: string): Promise<void> {
  if (locationIds.length === 0) return;
  await db
    .insertInto('geocoding_jobs')
    .values(
      locationIds.map((location_id) => ({
        location_id,
        status: 'pending',
        attempts: 0,
        run_after: now,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
