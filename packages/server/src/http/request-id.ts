import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[\w.:-]{1,128}$/;

/** Keeps a caller's or proxy's `X-Request-Id` when it is sane, so logs join up across services; otherwise a UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
