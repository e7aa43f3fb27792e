import type { PeopleConfig } from '../config/config.ts';
import type { Clock } from '../domain/time.ts';
import { ApiError } from '../http/errors.ts';
import { budgetKey, decide, windowAt } from './rules.ts';
import type { RateLimitStore } from './store.ts';

/** Failed sign-ins are counted in windows of 15 minutes, so that a guesser gets a few dozen tries an hour at most. */
const SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * The budgets of failed sign-ins, per e-mail address (whether a user has it or not, so the answer tells nothing) and
 * per client address, in the store every other limit uses (memory or Redis, shared by every instance).
 */
export interface SignInLimiter {
  /** Refuses (429 with `Retry-After`) a sign-in from an address, or for an e-mail, that has used its budget. */
  check(clientAddress: string, email: string): Promise<void>;
  /** Counts a failed sign-in against both budgets. */
  recordFailure(clientAddress: string, email: string): Promise<void>;
}

export function createSignInLimiter(
  config: Pick<PeopleConfig, 'signInFailuresPerEmail' | 'signInFailuresPerAddress'>,
  store: RateLimitStore,
  clock: Clock,
): SignInLimiter {
  const budgets = (clientAddress: string, email: string) =>
    [
      {
        key: budgetKey({ kind: 'sign-in-failures', of: 'email', value: email.trim().toLowerCase() }),
        limit: config.signInFailuresPerEmail,
      },
      {
        key: budgetKey({ kind: 'sign-in-failures', of: 'address', value: clientAddress }),
        limit: config.signInFailuresPerAddress,
      },
    ].filter((budget) => budget.limit > 0);

  return {
    async check(clientAddress, email) {
      const now = clock();
      const window = windowAt(now, SIGN_IN_WINDOW_MS);
      for (const { key, limit } of budgets(clientAddress, email)) {
        // A store that cannot answer lets the sign-in through, as every other limit fails open.
        const failures = await Promise.resolve(store.count(key, window)).catch(() => 0);
        const decision = decide(failures + 1, limit, window, now);
        if (!decision.allowed) {
          throw new ApiError(429, `Too many failed sign-ins. Retry after ${decision.retryAfterSeconds} seconds.`, {
            'retry-after': String(decision.retryAfterSeconds),
          });
        }
      }
    },
    async recordFailure(clientAddress, email) {
      const window = windowAt(clock(), SIGN_IN_WINDOW_MS);
      await Promise.all(
        budgets(clientAddress, email).map(({ key }) => Promise.resolve(store.increment(key, window)).catch(() => 0)),
      );
    },
  };
}
