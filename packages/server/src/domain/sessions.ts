import { timingSafeEqual } from 'node:crypto';
import { randomBase62 } from './ids.ts';
import { hashToken } from './tokens.ts';

/** The cookie a signed-in browser carries. */
export const SESSION_COOKIE = 'locator_session';

/** How long a session lives: ended after `idleMs` without a request, and `maxMs` after sign-in whatever happens. */
export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** A new session's secret value (the cookie) and its CSRF token: both 40 random base-62 characters (~238 bits). */
export function newSessionSecrets(): { value: string; csrfToken: string } {
  return { value: `lcs_${randomBase62(40)}`, csrfToken: randomBase62(40) };
}

/** Only this hash of a session's value is stored, as for API tokens. */
export const hashSessionValue = hashToken;

/**
 * When a session seen last at `lastSeenAt` and started to end at `expiresAt` stops working (milliseconds).
 * @example sessionEndsAt({ lastSeenAt: 0, expiresAt: 100 }, { idleMs: 50, maxMs: 100 }) // 50
 */
export function sessionEndsAt(session: { lastSeenAt: number; expiresAt: number }, policy: SessionPolicy): number {
  return Math.min(session.lastSeenAt + policy.idleMs, session.expiresAt);
}

/** Whether two secrets are equal, in time that does not depend on where they differ. */
export function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
