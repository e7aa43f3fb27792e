import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Decision, decideTransaction } from '../../db/decide-transaction.ts';
import type { Executor } from '../../db/executor.ts';
import type { GeocodingJobRow } from '../../db/tables/geocoding-jobs.table.ts';
import type { Actor, LocationEventType } from '../../domain/events.ts';
import { geocodeQueryOf } from '../../domain/geocode-request.ts';
import type { Clock } from '../../domain/time.ts';
import type { GeocodeResult, Geocoder } from '../../geocoding/geocoder.ts';
import { backoffMs } from '../../jobs/backoff.ts';
import { type JobQueue, runNextJob } from '../../jobs/runner.ts';
import { lockProjectOfLocationForChange } from '../accounts/index.ts';
import * as jobs from './geocoding-jobs.repository.ts';
import { findLocationRecordById } from './location-reads.repository.ts';
import { geocodedColumns, markGeocodingFailed, saveGeocodedPin } from './location-writes.repository.ts';
import { changeLocations } from './location-writes.ts';

export interface GeocodingQueueOptions {
  geocoder: Geocoder;
  clock: Clock;
  /** Tries before a job is given up, with the reason recorded. */
  maxAttempts: number;
  /** Backoff before the second try; it doubles with each further try. */
  backoffBaseMs: number;
  /** How long a claimed job stays with its worker before another may take it (a crashed worker's job). */
  lockMs: number;
  /** Bound of one provider call. */
  timeoutMs: number;
}

export type JobOutcome = 'done' | 'failed' | 'retrying' | 'skipped';

const hasCoordinates = (lat: number | null, lng: number | null) =>
  lat !== null && lat !== 0 && lng !== null && lng !== 0;

/** Who the queue's changes are made by, as the change feed and webhooks tell. */
const GEOCODING_ACTOR: Actor = { type: 'system', id: 'geocoding' };

/**
 * Changes a location under its project's change lock and records the change's event: `change` runs on the locked
 * location with the project's new data version, and says whether it wrote anything. False when the location is gone.
 */
async function changeLocation(
  trx: Executor,
  locationId: number,
  { type, now }: { type: LocationEventType; now: number },
  change: (dataVersion: number) => Promise<boolean>,
): Promise<boolean> {
  const project = await lockProjectOfLocationForChange(trx, locationId);
  if (project === undefined) return false;
  return changeLocations(trx, { project, now, actor: GEOCODING_ACTOR }, { ids: [locationId], type }, () =>
    change(project.dataVersion),
  );
}

/**
 * Marks a location whose address could not be geocoded (a `geocoding.failed` event), unless it left `pending`
 * meanwhile.
 */
async function markFailed(db: Kysely<Database>, locationId: number, now: number): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      changeLocation(trx, locationId, { type: 'geocoding.failed', now }, (dataVersion) =>
        markGeocodingFailed(trx, locationId, dataVersion),
      ),
    );
}

/**
 * The geocoding queue as its runner works it: a job geocodes the address of a location that has no coordinates. A
 * deleted location, or one whose coordinates a user set since the job was queued, is skipped: a user's pin always
 * wins, even over an answer that arrives while the user saves. A provider that fails is tried again later, with a
 * growing wait, up to `maxAttempts` tries; no answer at all marks the location `failed`.
 */
export function geocodingQueue(
  db: Kysely<Database>,
  options: GeocodingQueueOptions,
): JobQueue<GeocodingJobRow, JobOutcome> {
  const { clock } = options;
  const finish = async (job: GeocodingJobRow, status: 'done' | 'failed' | 'skipped', reason: string | null) => {
    await jobs.finishJob(db, job, { status, reason }, clock());
    return status;
  };
  return {
    claim: (lease) => jobs.claimNextJob(db, lease),
    async run(job) {
      const location = await findLocationRecordById(db, job.location_id);
      if (!location) return finish(job, 'skipped', 'the location was deleted');
      if (hasCoordinates(location.lat, location.lng)) return finish(job, 'skipped', 'coordinates were set by a user');

      let result: GeocodeResult | null;
      try {
        result = await options.geocoder.geocode(geocodeQueryOf(location), {
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (job.attempts >= options.maxAttempts) {
          await markFailed(db, job.location_id, clock());
          return finish(job, 'failed', `gave up after ${job.attempts} tries: ${reason}`);
        }
        const now = clock();
        await jobs.retryJobLater(db, job, reason, now + backoffMs(job.attempts, options.backoffBaseMs), now);
        return 'retrying';
      }
      if (!result) {
        await markFailed(db, job.location_id, clock());
        return finish(job, 'failed', `no ${options.geocoder.name} result for the address`);
      }
      const geocoded = result;
      return decideTransaction(db, async (trx): Promise<Decision<JobOutcome>> => {
        const now = clock();
        const applied = await changeLocation(trx, job.location_id, { type: 'location.updated', now }, (dataVersion) =>
          saveGeocodedPin(trx, job.location_id, geocodedColumns(geocoded, { now, dataVersion })),
        );
        const reason = applied ? null : 'coordinates were set by a user while geocoding';
        const kept = await jobs.finishJob(trx, job, { status: applied ? 'done' : 'skipped', reason }, now);
        // A worker whose lease ran out must not write: the job belongs to whoever took it over.
        if (!kept) return { rollBack: 'skipped' };
        return { commit: applied ? 'done' : 'skipped' };
      });
    },
  };
}

/** Claims one due job and runs it (a test or a command working the queue by hand); `idle` when none is due. */
export function processNextJob(
  db: Kysely<Database>,
  options: GeocodingQueueOptions,
  workerId: string,
): Promise<JobOutcome | 'idle'> {
  return runNextJob(geocodingQueue(db, options), { workerId, leaseMs: options.lockMs, clock: options.clock });
}
