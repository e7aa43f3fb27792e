/**
 * How long a job that failed for a passing reason waits before try `attempt + 1`: base × 2^(attempt-1), with up to 20%
 * jitter so that many jobs that failed together do not all come back at the same moment.
 * @example backoffMs(3, 1000, () => 0) // 4000
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const delay = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(delay * (1 + 0.2 * random()));
}
