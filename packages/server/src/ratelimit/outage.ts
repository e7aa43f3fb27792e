import { MINUTE_MS } from './rules.ts';

export interface OutageLogger {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** What the limiter knows about its store's health: it logs failures without flooding and pauses after one. */
export interface Outage {
  failed(error: unknown): void;
  succeeded(): void;
  /**
   * True for a moment after a failure: the limiter then skips the store and fails open at once, so a Redis that
   * swallows packets costs one command timeout per pause, not one per request.
   */
  pausing(): boolean;
}

/** How long the store is left alone after a failure. */
export const PAUSE_AFTER_FAILURE_MS = 1_000;

/**
 * Tracks store failures: warns at most once per interval, with the number of failures since the last warning,
 * says once when the store answers again after a warning, and pauses use of the store after each failure.
 */
export function createOutage(log: OutageLogger, clock: () => number, warnIntervalMs: number = MINUTE_MS): Outage {
  let lastWarningAt: number | undefined;
  let failuresSinceWarning = 0;
  let announced = false;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  return {
    failed(error) {
      const now = clock();
      pausedUntil = now + PAUSE_AFTER_FAILURE_MS;
      failuresSinceWarning += 1;
      if (lastWarningAt !== undefined && now - lastWarningAt < warnIntervalMs) return;
      log.warn(
        { err: error, failures: failuresSinceWarning },
        'rate-limit store unreachable: requests pass unlimited until it answers again',
      );
      lastWarningAt = now;
      failuresSinceWarning = 0;
      announced = true;
    },
    succeeded() {
      if (!announced) return;
      announced = false;
      log.info('rate-limit store answers again: requests are limited again');
    },
    pausing() {
      return clock() < pausedUntil;
    },
  };
}
