import { hostname } from 'node:os';
import type { AppContext } from '../app-context.ts';
import { randomBase62 } from '../domain/ids.ts';
import { GeocodingWorker } from './geocoding-queue.service.ts';

/** A lock this long outlives any provider call (each bounded by the geocoder timeout and a few retries). */
const LOCK_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;

/** Starts this process's geocoding worker unless `GEOCODING_WORKER=off`. */
export function startGeocodingWorker(
  ctx: AppContext,
  log: { error(details: { err: unknown }, message: string): void },
): GeocodingWorker | undefined {
  const { worker, maxAttempts, pollMs } = ctx.config.geocodingQueue;
  if (!worker) return undefined;
  const geocodingWorker = new GeocodingWorker(
    ctx.database.db,
    {
      geocoder: ctx.geocoder,
      clock: ctx.clock,
      maxAttempts,
      backoffBaseMs: BACKOFF_BASE_MS,
      lockMs: LOCK_MS,
      timeoutMs: ctx.config.geocoder.timeoutMs * 3,
    },
    {
      workerId: `${hostname()}:${process.pid}:${randomBase62(6)}`,
      pollMs,
      onError: (error) => log.error({ err: error }, 'geocoding worker error'),
    },
  );
  geocodingWorker.start();
  return geocodingWorker;
}
