/**
 * When a failed webhook delivery is tried again: after each entry of the schedule in turn, then given up. The default
 * spreads eight tries over about a day, as receivers' outages (a deploy, a bad night) usually last less than that.
 */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,8h,8h';

/** An endpoint with this many failed tries in a row (any deliveries, no success between) is disabled. */
export const FAILURES_IN_A_ROW_BEFORE_DISABLING = 50;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A comma-separated list of durations (`500ms`, `5s`, `5m`, `2h`, `1d`) in milliseconds, or undefined when an entry
 * is not one. An empty text is an empty schedule (never retry).
 * @example parseDurations('5s, 5m,2h') // [5000, 300000, 7200000]
 */
export function parseDurations(text: string): number[] | undefined {
  if (text.trim() === '') return [];
  const durations: number[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(part);
    const unit = match?.[2];
    if (!match || unit === undefined) return undefined;
    durations.push(Math.round(Number(match[1]) * (UNIT_MS[unit] ?? 0)));
  }
  return durations;
}

/**
 * The wait before the next try after `tries` failed tries, or undefined when the schedule is spent and the delivery
 * is given up. Up to 10% of jitter spreads the retries of many deliveries that failed together.
 * @example retryDelay(1, [5000, 300000], () => 0) // 5000
 * @example retryDelay(3, [5000, 300000]) // undefined
 */
export function retryDelay(
  tries: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): number | undefined {
  const base = schedule[tries - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 + 0.1 * random()));
}

/** How long the schedule keeps retrying, for messages: "23 h 35 min". */
export function describeSpan(schedule: readonly number[]): string {
  const totalMinutes = Math.round(schedule.reduce((sum, ms) => sum + ms, 0) / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return totalMinutes === 0 ? 'a moment' : `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
