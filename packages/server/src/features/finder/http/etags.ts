import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import packageJson from '../../../../package.json' with { type: 'json' };
import { namesOfList } from '../../../domain/name-list.ts';
import { pathOf } from '../../../http/base-url.ts';
import { noneMatchHits } from '../../../http/etag.ts';
import type { PublicAccess } from '../publishable-keys.service.ts';
import { publicAccessOf } from './key-check.ts';

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
