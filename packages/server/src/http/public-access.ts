import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import { ForbiddenError } from '../domain/errors.ts';
import { namesOfList } from '../domain/name-list.ts';
import { originAllowed } from '../domain/origins.ts';
import { accessOfKey, type PublicAccess } from '../services/publishable-keys.service.ts';
import type { App } from './app-type.ts';
import { pathOf } from './base-url.ts';
import { ApiError } from './errors.ts';
import { noneMatchHits } from './etag.ts';

declare module 'fastify' {
  interface FastifyRequest {
    publicAccess: PublicAccess | null;
  }
  interface FastifyContextConfig {
    /** A store-finder route: it needs a publishable key (`key=` or `X-Locator-Key`) and answers browsers of its origins. */
    publicKey?: boolean;
    /**
     * A hosted page of the store finder (`/finder/{key}/…`): its key is in the path, it answers HTML, and it counts
     * against the same per-address budget as the store-finder API.
     */
    publicPage?: boolean;
  }
}

/** Where public routes live; their preflights are answered here. */
export const PUBLIC_PREFIX = '/api/public/v1/';

/** The publishable key a request carries (`X-Locator-Key`, else `key=`), as sent: not yet checked. */
export function publishableKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-locator-key'];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.key === 'string' && query.key !== '' ? query.key : undefined;
}

/** Headers a page may read of a store-finder answer: the validator to revalidate with, and the rate limit's. */
const EXPOSED_HEADERS = 'ETag, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';

/**
 * `onRequest` of the store-finder routes, before the rate limit: every answer varies by `Origin` and by the key's
 * header (a shared cache must not hand one site's or one project's answer to another), and a browser may read every
 * answer's status and message (a 401, 422 or 429 tells the page what to fix) unless the key refuses its origin.
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
function hideFromBrowsers(reply: FastifyReply): void {
  void reply.removeHeader('access-control-allow-origin').removeHeader('access-control-expose-headers');
}

/**
 * `preValidation` of the store-finder routes (`buildApp` adds it after the request-text checks), so that a bad key is
 * told before a bad parameter: the key's project and origins. A browser's `Origin` the key does not allow is 403,
 * which the page may not read; nor may any page read that a project lacks the plan.
 */
export async function checkPublicKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.routeOptions.config.publicKey) return;
  const key = publishableKeyOf(request);
  if (!key) throw new ApiError(401, 'A publishable key is required: send it as key= or in the X-Locator-Key header.');
  const access = await accessOfKey(request.server.ctx.database.db, key).catch((error: unknown) => {
    if (error instanceof ForbiddenError) hideFromBrowsers(reply);
    throw error;
  });
  const origin = request.headers.origin;
  if (origin !== undefined && !originAllowed(access.origins, origin)) {
    hideFromBrowsers(reply);
    throw new ApiError(403, `This publishable key does not allow the origin ${origin}.`);
  }
  void reply.header('cache-control', request.server.ctx.config.publicCacheControl);
  request.publicAccess = access;
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
 * The store-finder routes' CORS and caching of refusals, and their preflights, which every origin may send, as the key it will
 * send (and so the origins it allows) is not part of a preflight; the request itself is checked (`checkPublicKey`,
 * which `buildApp` adds after the request-text checks).
 */
export function installPublicAccess(app: App): void {
  app.decorateRequest('publicAccess', null);
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

/** The access the public-key check found; only on routes with `config: { publicKey: true }`. */
export function publicAccessOf(request: FastifyRequest): PublicAccess {
  if (!request.publicAccess) throw new Error('publicAccessOf used on a route without config.publicKey');
  return request.publicAccess;
}

/**
 * Query parameters that name the same answer whatever their order, case or repetition in a list. Not `country`: its
 * first country may weigh more (Google searches only that one).
 */
const LIST_PARAMETERS = new Set(['filters', 'type']);

function normalisedQuery(query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([name, value]) => name !== 'key' && value !== undefined)
    .map(([name, value]): [string, unknown] => {
      if (!LIST_PARAMETERS.has(name) || typeof value !== 'string') return [name, value];
      const items = namesOfList(value).map((item) => item.toLowerCase());
      return [name, [...new Set(items)].sort()];
    })
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/**
 * The `ETag` of a store-finder answer, known before any work: the release, the key's project and its data version
 * (which every write moves on), the route and its normalised query, and `instant` for answers that change with time
 * (statuses change on the minute, so the minute for "now"). Sets the tag and, when `If-None-Match` names it, the 304
 * status; returns whether it did, so the route can stop there.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, instant?: string | number): boolean {
  return tagged(request, reply, publicAccessOf(request), instant);
}

/**
 * `answeredNotModified` for the hosted pages, whose key is in the path: the tag also covers the path (the location of
 * a location's page) and `variant`, what else the page depends on (its language, the date of its upcoming hours).
 */
export function pageNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  access: PublicAccess,
  variant: string,
): boolean {
  return tagged(request, reply, access, JSON.stringify([pathOf(request), variant]));
}

function tagged(
  request: FastifyRequest,
  reply: FastifyReply,
  access: PublicAccess,
  instant: string | number | undefined,
): boolean {
  const identity = [
    packageJson.version,
    access.projectId,
    access.dataVersion,
    request.routeOptions.url,
    normalisedQuery(request.query as Record<string, unknown>),
    instant,
  ];
  const tag = `"${hash('sha1', JSON.stringify(identity), 'base64url')}"`;
  void reply.header('etag', tag);
  if (!noneMatchHits(request.headers['if-none-match'], tag)) return false;
  void reply.code(304);
  return true;
}

/**
 * Sends JSON built from text the store finder's index keeps (see `FinderLocation.json`) as it is: the route's
 * response schema still documents it, and the tests check every such answer against that schema.
 */
export function sendKeptJson(
  reply: FastifyReply,
  json: Buffer,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  return reply.type(contentType).send(json);
}
