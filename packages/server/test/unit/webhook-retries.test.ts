import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, describeSpan, parseDurations, retryDelay } from '../../src/domain/webhook-retries.ts';

describe('the retry schedule of webhook deliveries', () => {
  it('reads durations, and refuses what is none', () => {
    expect(parseDurations('500ms, 5s,5m,2h,1d,1.5s')).toEqual([500, 5000, 300_000, 7_200_000, 86_400_000, 1500]);
    expect(parseDurations('')).toEqual([]);
    expect(parseDurations('5 minutes')).toBeUndefined();
    expect(parseDurations('5s,,5s')).toBeUndefined();
  });

  it('retries for about a day by default, in eight tries', () => {
    const schedule = parseDurations(DEFAULT_RETRY_SCHEDULE) ?? [];
    expect(schedule).toHaveLength(7);
    expect(describeSpan(schedule)).toBe('23 h 35 min');
  });

  it('waits each entry in turn, with up to 10% more, and gives up once the schedule is spent', () => {
    const schedule = [5000, 300_000];
    expect(retryDelay(1, schedule, () => 0)).toBe(5000);
    expect(retryDelay(1, schedule, () => 0.999)).toBe(5500);
    expect(retryDelay(2, schedule, () => 0)).toBe(300_000);
    expect(retryDelay(3, schedule)).toBeUndefined();
    expect(retryDelay(1, [])).toBeUndefined();
  });
});
