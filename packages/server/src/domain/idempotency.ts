import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

/** How long a stored response answers retries with the same key. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Longest `Idempotency-Key` accepted; a UUID (36) is the usual key. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * What makes two requests "the same" for one key: method, path and the body as canonical JSON (keys sorted),
 * so the same body sent with its keys in another order or other whitespace still matches.
 * @example requestFingerprint('POST', '/api/locations', { b: 1, a: 2 }) === requestFingerprint('POST', '/api/locations', { a: 2, b: 1 })
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${stringify(body ?? null)}`)
    .digest('hex');
}

/** The oldest claim time still in the window at `now` (milliseconds since the epoch). */
export function idempotencyWindowStart(now: number): number {
  return now - IDEMPOTENCY_WINDOW_MS;
}
