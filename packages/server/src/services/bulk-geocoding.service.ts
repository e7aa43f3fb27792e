import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Actor } from '../domain/events.ts';
import type { Geocoder } from '../geocoding/geocoder.ts';
import { completePendingJobs } from '../repositories/geocoding-jobs.repository.ts';
import { geocodedColumns } from '../repositories/location-writes.repository.ts';
import { lockProjectForChange } from '../repositories/projects.repository.ts';
import { recordLocationChanges } from './change-events.ts';
import { geocodeQueryOf } from './geocoding-queue.service.ts';
import { loadLocationViews } from './locations.service.ts';

/** `missing`: locations without coordinates; `all`: every location whose coordinates were not set by hand. */
export type BulkGeocodingScope = 'missing' | 'all';

export interface BulkGeocodingSummary {
  total: number;
  done: number;
  failed: number;
  /** Answers by precision, e.g. `{ city: 40, postcode: 5 }`. */
  byPrecision: Record<string, number>;
  /** Why each failed location failed, keyed by its public ID (at most the first 20). */
  failures: { id: string; name: string; reason: string }[];
}

/**
 * Geocodes a project's locations one after another (providers cap their rate), reporting progress after each.
 * A user's pin is never replaced: a location whose coordinates were set by hand since the run began is left alone.
 */
export async function geocodeProject(
  db: Kysely<Database>,
  projectId: number,
  scope: BulkGeocodingScope,
  options: {
    geocoder: Geocoder;
    timeoutMs: number;
    clock: () => number;
    actor: Actor;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<BulkGeocodingSummary> {
  let query = db.selectFrom('locations').selectAll().where('project_id', '=', projectId).orderBy('id');
  query =
    scope === 'missing'
      ? query.where((eb) => eb.or([eb('lat', 'is', null), eb('lat', '=', 0), eb('lng', 'is', null), eb('lng', '=', 0)]))
      : query.where('geocoding_status', '<>', 'manual');
  const locations = await query.execute();
  const summary: BulkGeocodingSummary = { total: locations.length, done: 0, failed: 0, byPrecision: {}, failures: [] };
  for (const [index, location] of locations.entries()) {
    let reason: string | undefined;
    try {
      const result = await options.geocoder.geocode(geocodeQueryOf(location), {
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (result) {
        await db.transaction().execute(async (trx) => {
          const now = new Date(options.clock()).toISOString();
          const dataVersion = await lockProjectForChange(trx, projectId);
          const [before] = await loadLocationViews(trx, [location.id]);
          await trx
            .updateTable('locations')
            .set(geocodedColumns(result, { now, dataVersion }))
            .where('id', '=', location.id)
            .where('geocoding_status', '<>', 'manual')
            .execute();
          await completePendingJobs(trx, location.id, `geocoded in bulk by ${result.provider}`, now);
          const [after] = await loadLocationViews(trx, [location.id]);
          if (before && after)
            await recordLocationChanges(trx, { id: projectId, dataVersion }, { actor: options.actor, now }, [
              { type: 'location.updated', before, after },
            ]);
        });
        summary.done += 1;
        summary.byPrecision[result.precision] = (summary.byPrecision[result.precision] ?? 0) + 1;
      } else reason = `no ${options.geocoder.name} result for the address`;
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    if (reason !== undefined) {
      summary.failed += 1;
      if (summary.failures.length < 20) summary.failures.push({ id: location.public_id, name: location.name, reason });
    }
    options.onProgress?.(index + 1, locations.length);
  }
  return summary;
}
