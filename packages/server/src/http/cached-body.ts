import type { FastifyRequest } from 'fastify';
import { baseUrlOf } from './base-url.ts';

/**
 * A finished response body from the read cache (`db/read-cache.ts`): built once, then sent as is to every caller of
 * the same URL until the database changes. `scope` names what the body depends on besides the URL (the project, once
 * the caller's access to it is checked); the base URL is part of the key because links are absolute.
 * @example cachedBody(request, ['v2 page', project.id], async () => pageBuffer(...))
 */
export function cachedBody(request: FastifyRequest, scope: readonly (string | number)[], build: () => Promise<Buffer>): Promise<Buffer> {
  const key = [...scope, baseUrlOf(request), request.url].join('\u0000');
  return request.server.ctx.database.readCache.read(key, build, (body) => body.length);
}
