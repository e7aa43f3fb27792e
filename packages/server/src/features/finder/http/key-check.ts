import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../../domain/errors.ts';
import { originAllowed } from '../../../domain/origins.ts';
import type { App } from '../../../http/app-type.ts';
import { baseUrlOf } from '../../../http/base-url.ts';
import { ApiError } from '../../../http/errors.ts';
import { publishableKeyOf } from '../../../http/public-routes.ts';
import type { Finder } from '../finder.service.ts';
import type { PublicAccess } from '../publishable-keys.service.ts';
import { hideFromBrowsers } from './cors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    publicAccess: PublicAccess | null;
  }
}

/**
 * The `preValidation` hook of the store-finder routes (`buildApp` adds it after the request-text checks), so that a
 * bad key is told before a bad parameter: the key's project and origins. A browser's `Origin` the key does not allow
 * is 403, which that page may read (the widget tells its owner which origin to allow, and its visitor that the finder
 * is not set up for the site; the origin is the page's own, so it learns nothing it did not send); no page may read
 * that a project lacks the plan.
 */
export function createKeyCheck({
  keys,
  config,
}: Pick<Finder, 'keys' | 'config'>): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    if (!request.routeOptions.config.publicKey) return;
    const key = publishableKeyOf(request);
    if (!key) throw new ApiError(401, 'A publishable key is required: send it as key= or in the X-Locator-Key header.');
    const access = await keys.accessOf(key).catch((error: unknown) => {
      if (error instanceof ForbiddenError) hideFromBrowsers(reply);
      throw error;
    });
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(access.origins, origin) && !isOwnOrigin(request, origin))
      throw new ApiError(
        403,
        `This publishable key does not allow the origin ${origin}: add it to the key's origins (PATCH /api/v2/projects/{project}/publishable-keys/{id}) or use a key that allows it.`,
      );
    void reply.header('cache-control', config.publicCacheControl);
    request.publicAccess = access;
  };
}

/**
 * Whether `Origin` is this server's own: its hosted pages (`/finder/{key}`), which every key has, send their
 * visitors' events from there (a same-origin `POST` carries `Origin`; a `GET` does not).
 */
function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
  return new URL(baseUrlOf(request)).origin === origin;
}

/** Gives every request the place where `checkPublicKey` puts the access it found. */
export function installPublicAccess(app: App): void {
  app.decorateRequest('publicAccess', null);
}

/** The access the public-key check found; only on routes with `config: { publicKey: true }`. */
export function publicAccessOf(request: FastifyRequest): PublicAccess {
  if (!request.publicAccess) throw new Error('publicAccessOf used on a route without config.publicKey');
  return request.publicAccess;
}
