import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { GeocodingJobRow } from '../db/tables/geocoding-jobs.table.ts';
import type { Actor } from '../domain/events.ts';
import type { GeocodeQuery, GeocodeResult, Geocoder } from '../geocoding/geocoder.ts';
import * as jobs from '../repositories/geocoding-jobs.repository.ts';
import { findLocationRecordById } from '../repositories/location-records.repository.ts';
import { geocodedColumns } from '../repositories/location-writes.repository.ts';
import { lockProjectOfLocationForChange } from '../repositories/projects.repository.ts';
import { type LocationChange, recordLocationChanges } from './change-events.ts';
import { loadLocationViews } from './locations.service.ts';

export interface GeocodingQueueOptions {
  geocoder: Geocoder;
  clock: () => number;
  /** Tries before a job is given up, with the reason recorded. */
  maxAttempts: number;
  /** Backoff before the second try; it doubles with each further try. */
  backoffBaseMs: number;
  /** How long a claimed job stays with its worker before another may take it (a crashed worker's job). */
  lockMs: number;
  /** Bound of one provider call. */
  timeoutMs: number;
}

export type JobOutcome = 'idle' | 'done' | 'failed' | 'retrying' | 'skipped';

const iso = (ms: number) => new Date(ms).toISOString();
const hasCoordinates = (lat: number | null, lng: number | null) =>
  lat !== null && lat !== 0 && lng !== null && lng !== 0;

/** The address parts of a location, as a geocoder reads them. */
export function geocodeQueryOf(location: GeocodeQuery): GeocodeQuery {
  const { address, address_line_1, address_line_2, city, state, postcode, country } = location;
  return { address, address_line_1, address_line_2, city, state, postcode, country };
}

/**
 * Backoff before try `attempt + 1`: base × 2^(attempt-1), with up to 20% jitter so that many failed jobs
 * do not return at the same moment.
 * @example backoffMs(3, 1000, () => 0) // 4000
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const delay = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(delay * (1 + 0.2 * random()));
}

/** Who the queue's changes are made by, as the change feed and webhooks tell. */
export const GEOCODING_ACTOR: Actor = { type: 'system', id: 'geocoding' };

/**
 * Changes a location under its project's change lock and records the change's event: `change` runs on the locked
 * location with the project's new data version, and says whether it wrote anything. False when the location is gone.
 */
async function changeLocation(
  trx: Transaction<Database>,
  locationId: number,
  { type, now }: { type: LocationChange['type']; now: string },
  change: (dataVersion: number) => Promise<boolean>,
): Promise<boolean> {
  const dataVersion = await lockProjectOfLocationForChange(trx, locationId);
  if (dataVersion === undefined) return false;
  const [before] = await loadLocationViews(trx, [locationId]);
  if (!before || !(await change(dataVersion))) return false;
  const [after] = await loadLocationViews(trx, [locationId]);
  await recordLocationChanges(trx, { id: before.record.project_id, dataVersion }, { actor: GEOCODING_ACTOR, now }, [
    { type, before, after },
  ]);
  return true;
}

/** Marks a location whose address could not be geocoded (a `geocoding.failed` event), unless it left `pending` meanwhile. */
async function markFailed(db: Kysely<Database>, locationId: number, now: string): Promise<void> {
  await db.transaction().execute((trx) =>
    changeLocation(trx, locationId, { type: 'geocoding.failed', now }, async (dataVersion) => {
      const result = await trx
        .updateTable('locations')
        .set({ geocoding_status: 'failed', data_version: dataVersion })
        .where('id', '=', locationId)
        .where('geocoding_status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    }),
  );
}

/**
 * Claims one due job and runs it. A deleted location, or one whose coordinates a user set since the job was queued,
 * is skipped: a user's pin always wins, even over an answer that arrives while the user saves.
 */
export async function processNextJob(
  db: Kysely<Database>,
  options: GeocodingQueueOptions,
  workerId: string,
): Promise<JobOutcome> {
  const claimedAt = options.clock();
  const job = await jobs.claimNextJob(db, workerId, iso(claimedAt), iso(claimedAt + options.lockMs));
  if (!job) return 'idle';
  const location = await findLocationRecordById(db, job.location_id);
  if (!location) return finish(db, job, 'skipped', 'the location was deleted', options);
  if (hasCoordinates(location.lat, location.lng))
    return finish(db, job, 'skipped', 'coordinates were set by a user', options);

  let result: GeocodeResult | null;
  try {
    result = await options.geocoder.geocode(geocodeQueryOf(location), {
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (job.attempts >= options.maxAttempts) {
      await markFailed(db, job.location_id, iso(options.clock()));
      return finish(db, job, 'failed', `gave up after ${job.attempts} tries: ${reason}`, options);
    }
    const now = options.clock();
    await jobs.retryJobLater(db, job, reason, iso(now + backoffMs(job.attempts, options.backoffBaseMs)), iso(now));
    return 'retrying';
  }
  if (!result) {
    await markFailed(db, job.location_id, iso(options.clock()));
    return finish(db, job, 'failed', `no ${options.geocoder.name} result for the address`, options);
  }
  const geocoded = result;
  return db
    .transaction()
    .execute(async (trx) => {
      const now = iso(options.clock());
      const applied = await changeLocation(
        trx,
        job.location_id,
        { type: 'location.updated', now },
        async (dataVersion) => {
          const saved = await trx
            .updateTable('locations')
            .set(geocodedColumns(geocoded, { now, dataVersion }))
            .where('id', '=', job.location_id)
            .where((eb) => eb.or([eb('lat', 'is', null), eb('lat', '=', 0), eb('lng', 'is', null), eb('lng', '=', 0)]))
            .executeTakeFirst();
          return Number(saved.numUpdatedRows) > 0;
        },
      );
      const reason = applied ? null : 'coordinates were set by a user while geocoding';
      const kept = await jobs.finishJob(trx, job, { status: applied ? 'done' : 'skipped', reason }, now);
      // A worker whose lock ran out must not write: the job belongs to whoever took it over.
      if (!kept) throw new LostJobError();
      return applied ? 'done' : 'skipped';
    })
    .catch((error: unknown) => {
      if (error instanceof LostJobError) return 'skipped' as const;
      throw error;
    });
}

class LostJobError extends Error {}

async function finish(
  db: Kysely<Database>,
  job: GeocodingJobRow,
  status: 'done' | 'failed' | 'skipped',
  reason: string | null,
  options: GeocodingQueueOptions,
): Promise<JobOutcome> {
  await jobs.finishJob(db, job, { status, reason }, iso(options.clock()));
  return status;
}

/** Runs the queue inside the server process: one job at a time, polling when idle, stopping cleanly. */
export class GeocodingWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: GeocodingQueueOptions,
    private readonly settings: { workerId: string; pollMs: number; onError: (error: unknown) => void },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Lets the job in hand finish, then returns. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let outcome: JobOutcome = 'idle';
      try {
        outcome = await processNextJob(this.db, this.options, this.settings.workerId);
      } catch (error) {
        this.settings.onError(error);
      }
      if (outcome === 'idle' && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.settings.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }
}
