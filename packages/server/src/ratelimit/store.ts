import type { RateWindow } from '../domain/rate-limit.ts';

/**
 * Where request counters live. The memory store serves one process; the Redis store lets any number of
 * processes share one budget. Implementations reject when they cannot answer; the caller decides to
 * fail open.
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /** Counts one request against `key` in `window`, atomically, and returns the window's count with it. */
  increment(key: string, window: RateWindow): Promise<number>;
  /** The window's count for `key`, without counting anything. */
  count(key: string, window: RateWindow): Promise<number>;
  /** Resolves once the store takes commands (Redis: connected); rejects when it cannot connect soon. */
  ready(): Promise<void>;
  /** Resolves when the store answers; rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
