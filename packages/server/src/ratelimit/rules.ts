/**
 * Rate limiting counts requests in fixed windows aligned to the epoch (a window per clock minute). The
 * choice and its trade-offs are recorded in docs/decisions/rate-limiting.md.
 */

export const MINUTE_MS = 60_000;

/** One counting window: `[start, end)` in milliseconds since the epoch. */
export interface RateWindow {
  start: number;
  end: number;
}

/** The outcome of counting one request against a budget, with everything the response headers need. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests still allowed in this window after this one; never negative. */
  remaining: number;
  /** When the window ends and the budget is full again, in whole seconds since the epoch. */
  resetAtSeconds: number;
  /** Whole seconds until a request would be allowed again; at least 1. */
  retryAfterSeconds: number;
}

/**
 * The window holding the instant `now`.
 * @example windowAt(90_500) // { start: 60_000, end: 120_000 }
 */
export function windowAt(now: number, lengthMs: number = MINUTE_MS): RateWindow {
  const start = Math.floor(now / lengthMs) * lengthMs;
  return { start, end: start + lengthMs };
}

/**
 * Decides a request given how many requests the window holds, this one included.
 * Retry-After is the exact wait until the window ends, rounded up so that waiting that long always
 * reaches the next window.
 * @example decide(1001, 1000, windowAt(0), 59_200) // { allowed: false, remaining: 0, retryAfterSeconds: 1, ... }
 */
export function decide(countWithThis: number, limit: number, window: RateWindow, now: number): RateLimitDecision {
  return {
    allowed: countWithThis <= limit,
    limit,
    remaining: Math.max(0, limit - countWithThis),
    resetAtSeconds: Math.ceil(window.end / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((window.end - now) / 1000)),
  };
}

/** The budgets requests are counted against; each is a separate counter. */
export type RateLimitBudget =
  | { kind: 'user'; api: 'v1' | 'v2'; userId: number }
  | { kind: 'auth-failures'; clientAddress: string; of: 'tokens' | 'publishable-keys' }
  | { kind: 'public'; clientAddress: string; key: string }
  | { kind: 'sign-in-failures'; of: 'email' | 'address'; value: string };

/**
 * The store key of a budget. V1 and V2 of one user are separate budgets; every token of a user shares one.
 * @example budgetKey({ kind: 'user', api: 'v2', userId: 7 }) // 'v2:user:7'
 */
export function budgetKey(budget: RateLimitBudget): string {
  if (budget.kind === 'user') return `${budget.api}:user:${budget.userId}`;
  if (budget.kind === 'public') return `public:${budget.key}:${budget.clientAddress}`;
  if (budget.kind === 'sign-in-failures') return `sign-in-failures:${budget.of}:${budget.value}`;
  // Failed tokens keep the key they always had; the store finder's failed keys count apart, so a website's revoked
  // key never blocks its visitors' addresses (a shared office NAT, say) from the management APIs.
  return budget.of === 'tokens'
    ? `auth-failures:${budget.clientAddress}`
    : `auth-failures:public:${budget.clientAddress}`;
}
