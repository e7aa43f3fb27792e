import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../domain/events.ts';
import { geocodeQueryOf } from '../../domain/geocode-request.ts';
import type { Clock } from '../../domain/time.ts';
import type { Geocoder } from '../../geocoding/geocoder.ts';
import { lockProjectForChange } from '../accounts/index.ts';
import { completePendingJobs } from './geocoding-jobs.repository.ts';
import { locationsToGeocode } from './location-lists.repository.ts';
import { geocodedColumns, replaceGeocodedPin } from './location-writes.repository.ts';
import { changeLocations } from './location-writes.ts';

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
    clock: Clock;
    actor: Actor;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<BulkGeocodingSummary> {
  const locations = await locationsToGeocode(db, projectId, scope);
  const summary: BulkGeocodingSummary = { total: locations.length, done: 0, failed: 0, byPrecision: {}, failures: [] };
  for (const [index, location] of locations.entries()) {
    let reason: string | undefined;
    try {
      const result = await options.geocoder.geocode(geocodeQueryOf(location), {
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (result) {
        await db.transaction().execute(async (trx) => {
          const now = options.clock();
          const project = { id: projectId, dataVersion: await lockProjectForChange(trx, projectId) };
          await changeLocations(trx, { project, now, actor: options.actor }, { ids: [location.id] }, async () => {
            await replaceGeocodedPin(
              trx,
              location.id,
              geocodedColumns(result, { now, dataVersion: project.dataVersion }),
            );
            await completePendingJobs(trx, location.id, `geocoded in bulk by ${result.provider}`, now);
            return true;
          });
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
