import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../../http/app-type.ts';

/** Where public routes live; their preflights are answered here. */
const PUBLIC_PREFIX = '/api/public/v1/';

/** Headers a page may read of a store-finder answer: the validator to revalidate with, and the rate limit's. */
const EXPOSED_HEADERS = 'ETag, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';

/**
 * `onRequest` of the store-finder routes, before the rate limit: every answer varies by `Origin` and by the key's
 * header (a shared cache must not hand one site's or one project's answer to another), and a browser may read every
 * answer's status and message (a 401, 403 of its origin, 422 or 429 tells the page what to fix), but not a project's
 * plan (`createKeyCheck`).
 */
function allowBrowsers(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (!request.routeOptions.config.publicKey) {
    done();
    return;
  }
  void reply.header('vary', 'Origin, X-Locator-Key');
  const origin = request.headers.origin;
  if (origin !== undefined)
    void reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSED_HEADERS);
  done();
}

/** Takes back what `allowBrowsers` let the page read. */
export function hideFromBrowsers(reply: FastifyReply): void {
  void reply.removeHeader('access-control-allow-origin').removeHeader('access-control-expose-headers');
}

/**
 * `onSend` of the store-finder routes: a refusal or failure is never cached and has no validator, whatever was set
 * before it happened (a 503 of the geocoder comes after the answer's ETag and Cache-Control were set).
 */
function uncacheRefusals(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
): void {
  if (request.routeOptions.config.publicKey && reply.statusCode >= 400)
    void reply.removeHeader('etag').header('cache-control', 'no-store');
  done(null, payload);
}

/**
 * The store-finder routes' CORS and caching of refusals, and their preflights, which every origin may send, as the key
 * it will send (and so the origins it allows) is not part of a preflight; the request itself is checked
 * (`checkPublicKey`, which `buildApp` adds after the request-text checks).
 */
export function installFinderCors(app: App): void {
  app.addHook('onRequest', allowBrowsers);
  app.addHook('onSend', uncacheRefusals);
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
