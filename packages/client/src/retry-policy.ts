/** How the client retries; every field has a default. */
export interface RetryOptions {
  /** Attempts after the first, at most (default 4). */
  retries?: number;
  /** Backoff before the first retry, before jitter (default 500 ms); it doubles with each retry. */
  baseDelayMs?: number;
  /** Largest backoff of one retry (default 10 s). */
  maxDelayMs?: number;
  /**
   * Longest total wait across the retries of one call, `Retry-After` included (default 60 s). A `429` asking for
   * more than is left is not waited for: it surfaces at once as a `LocatorApiError` carrying `retryAfterSeconds`.
   */
  maxTotalWaitMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxTotalWaitMs: 60_000,
};

/** Methods whose repetition has the effect of one request; POST joins them when it carries an `Idempotency-Key`. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Statuses that say "try again": the server or a proxy in front of it failed, not the request. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** Whether a request may be sent again after an answer that never arrived or a transient server error. */
export function isRetrySafe(method: string, hasIdempotencyKey: boolean): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) || (method.toUpperCase() === 'POST' && hasIdempotencyKey);
}

/**
 * `Retry-After` in milliseconds from now: whole seconds (`"2"`) or an HTTP date; undefined when absent or unreadable.
 * @example retryAfterMs('2', Date.now()) // 2000
 * @example retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:58 GMT')) // 2000
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // HTTP dates in each of their forms begin with the day's name; anything else is not one.
  if (!/^[A-Za-z]/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (1 for the first): exponential backoff with full jitter, so clients that
 * failed together do not come back together.
 */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(random() * ceiling);
}

/** What ended an attempt, as the retry decision sees it. */
export type AttemptOutcome =
  | { kind: 'response'; status: number; retryAfterMs: number | undefined }
  | { kind: 'network-error' };

export type RetryReason = 'rate-limited' | 'server-error' | 'network-error';

/**
 * Whether to retry after `attempt` attempts and `waitedMs` of waiting, and how long to wait first; undefined to stop.
 * A `429` is retried whatever the method (the server did nothing); transient `5xx` and lost answers only when
 * retrying is safe. The server's `Retry-After` wins over the backoff.
 */
export function retryDecision(
  policy: RetryPolicy,
  outcome: AttemptOutcome,
  { attempt, waitedMs, retrySafe }: { attempt: number; waitedMs: number; retrySafe: boolean },
  random: () => number = Math.random,
): { delayMs: number; reason: RetryReason } | undefined {
  if (attempt > policy.retries) return undefined;
  let reason: RetryReason;
  if (outcome.kind === 'network-error') {
    if (!retrySafe) return undefined;
    reason = 'network-error';
  } else if (outcome.status === 429) reason = 'rate-limited';
  else if (TRANSIENT_STATUSES.has(outcome.status) && retrySafe) reason = 'server-error';
  else return undefined;
  const asked = outcome.kind === 'response' ? outcome.retryAfterMs : undefined;
  const delayMs = asked ?? backoffMs(policy, attempt, random);
  return waitedMs + delayMs <= policy.maxTotalWaitMs ? { delayMs, reason } : undefined;
}
