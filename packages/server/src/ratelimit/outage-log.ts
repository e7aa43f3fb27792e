import { MINUTE_MS } from '../domain/rate-limit.ts';

export interface OutageLogger {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** Tells the log that the rate-limit store failed or answers again, without flooding it. */
export interface OutageLog {
  failed(error: unknown): void;
  succeeded(): void;
}

/**
 * An outage log that warns at most once per interval, with the number of failures since the last warning,
 * and says once when the store answers again after a warning.
 */
export function createOutageLog(log: OutageLogger, clock: () => number, intervalMs: number = MINUTE_MS): OutageLog {
  let lastWarningAt: number | undefined;
  let failuresSinceWarning = 0;
  let announced = false;
  return {
    failed(error) {
      failuresSinceWarning += 1;
      const now = clock();
      if (lastWarningAt !== undefined && now - lastWarningAt < intervalMs) return;
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
  };
}
