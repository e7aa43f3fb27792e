import type { RateWindow } from './rules.ts';
import type { RateLimitStore } from './store.ts';

/** Counters in this process's memory: exact and fast, but every process has its own budget. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory';
  private readonly counters = new Map<string, number>();
  private newestWindowStart = Number.NEGATIVE_INFINITY;

  increment(key: string, window: RateWindow): number {
    this.forgetEndedWindows(window);
    const slot = slotOf(key, window);
    const count = (this.counters.get(slot) ?? 0) + 1;
    this.counters.set(slot, count);
    return count;
  }

  count(key: string, window: RateWindow): number {
    return this.counters.get(slotOf(key, window)) ?? 0;
  }

  async ready(): Promise<void> {}

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.counters.clear();
  }

  /**
   * Once per new window, drops the counters of windows that have ended, so memory stays bounded by one window's
   * callers. Budgets counted in longer windows (failed sign-ins: 15 minutes) keep theirs until it ends.
   */
  private forgetEndedWindows(window: RateWindow): void {
    if (window.start <= this.newestWindowStart) return;
    this.newestWindowStart = window.start;
    for (const slot of this.counters.keys()) {
      if (windowEndOf(slot) <= window.start) this.counters.delete(slot);
    }
  }
}

function slotOf(key: string, window: RateWindow): string {
  return `${window.end}|${key}`;
}

function windowEndOf(slot: string): number {
  return Number(slot.slice(0, slot.indexOf('|')));
}
