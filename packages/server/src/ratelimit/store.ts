import type { RateWindow } from './rules.ts';

/**
 * Where request counters live. The memory store serves one process; the Redis store lets any number of
 * processes share one budget. Implementations reject when they cannot answer; the caller decides to
 * fail open.
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Counts one request against `key` in `window`, atomically, and returns the window's count with it. The memory
   * store answers at once, without a promise, so a request it counts waits for no turn of the event loop.
   */
  increment(key: string, window: RateWindow): number | Promise<number>;
  /** The window's count for `key`, without counting anything (at once from the memory store). */
  count(key: string, window: RateWindow): number | Promise<number>;
  /** Resolves once the store takes commands (Redis: connected); rejects when it cannot connect soon. */
  ready(): Promise<void>;
  /** Resolves when the store answers; rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
