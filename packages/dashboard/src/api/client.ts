import { V2Client } from '@locator/client';

// The one client of the dashboard: the V2 API of the server that served this page, with the browser's session cookie
// and the session's CSRF token (set by state/session.ts whenever the session changes).

let csrfToken: string | undefined;

/** Keeps the session's CSRF token for the writes that follow (undefined once signed out). */
export function keepCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export const api = new V2Client({
  baseUrl: globalThis.location.origin,
  session: { csrfToken: () => csrfToken },
  // A person waits for the answer: one quick retry of a lost answer, never a long wait behind a 429.
  retry: { retries: 1, maxTotalWaitMs: 5_000 },
});
