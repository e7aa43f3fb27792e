import type { FastifyReply, FastifyRequest } from 'fastify';
import { originAllowed } from '../domain/origins.ts';
import { accessOfKey, type PublicAccess } from '../services/publishable-keys.service.ts';
import type { App } from './app-type.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    publicAccess: PublicAccess | null;
  }
  interface FastifyContextConfig {
    /** A store-finder route: it needs a publishable key (`key=` or `X-Locator-Key`) and answers browsers of its origins. */
    publicKey?: boolean;
  }
}

/** Where public routes live; their preflights are answered here. */
export const PUBLIC_PREFIX = '/api/public/v1/';

const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** The publishable key a request carries (`X-Locator-Key`, else `key=`), as sent: not yet checked. */
export function publishableKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-locator-key'];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.key === 'string' && query.key !== '' ? query.key : undefined;
}

/**
 * For routes with `config: { publicKey: true }`: the key's project and origins. A browser's `Origin` the key does not
 * allow is 403; an allowed one is echoed in `Access-Control-Allow-Origin`, so the page may read the answer.
 */
async function checkPublicKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.routeOptions.config.publicKey) return;
  const key = publishableKeyOf(request);
  if (!key) throw new ApiError(401, 'A publishable key is required: send it as key= or in the X-Locator-Key header.');
  const access = await accessOfKey(request.server.ctx.database.db, key);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!originAllowed(access.origins, origin)) throw new ApiError(403, `This publishable key does not allow the origin ${origin}.`);
    void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  }
  void reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  request.publicAccess = access;
}

/**
 * Publishable-key checks for the store-finder routes, and their CORS preflights: any origin may ask, as the key it
 * will send (and so the origins it allows) is not part of a preflight; the request itself is checked.
 */
export function installPublicAccess(app: App): void {
  app.decorateRequest('publicAccess', null);
  app.addHook('preHandler', checkPublicKey);
  app.options(`${PUBLIC_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    return reply
      .code(204)
      .header('access-control-allow-origin', origin ?? '*')
      .header('access-control-allow-methods', 'GET, OPTIONS')
      .header('access-control-allow-headers', 'X-Locator-Key, If-None-Match')
      .header('access-control-max-age', '600')
      .header('vary', 'Origin')
      .send();
  });
}

/** The access the public-key check found; only on routes with `config: { publicKey: true }`. */
export function publicAccessOf(request: FastifyRequest): PublicAccess {
  if (!request.publicAccess) throw new Error('publicAccessOf used on a route without config.publicKey');
  return request.publicAccess;
}
