import type { FastifyReply, FastifyRequest } from 'fastify';
import { baseUrlOf, hasPublicUrl } from '../../../../http/base-url.ts';
import { markPageKeyRefused } from '../../../../http/public-routes.ts';
import type { Finder } from '../../finder.service.ts';
import { pageNotModified } from '../../http/etags.ts';
import { contentSecurityPolicy } from '../../pages/csp.ts';
import { localeOfTag, pageLocale } from '../../pages/messages.ts';
import { notFoundPage } from '../../pages/not-found-page.ts';
import type { PageSetting } from '../../pages/page-data.ts';
import type { PublicAccess } from '../../publishable-keys.service.ts';

/** The query of a hosted page, as parsed without a schema (the pages are not part of the API documents). */
export type PageQuery = Readonly<Record<string, unknown>>;

/** What a page is built with: the base of its links, its key, its language and the map's tiles. */
export function pageSettingOf(request: FastifyRequest, key: string, tiles: PageSetting['tiles']): PageSetting {
  const query = request.query as PageQuery;
  const lang = typeof query.lang === 'string' ? query.lang : undefined;
  const acceptLanguage = request.headers['accept-language'];
  return {
    base: baseUrlOf(request),
    key,
    locale: pageLocale(lang, acceptLanguage),
    langAsked: lang !== undefined && localeOfTag(lang) !== undefined,
    tiles,
  };
}

/**
 * How long browsers and shared caches keep a page before revalidating it with its ETag (a 304 costs one query). Only
 * with `PUBLIC_URL`: without it the page's links, the widget's API and the Content-Security-Policy come from the
 * request's `Host`, which a client may set to anything, so a shared cache must not hand its page to others.
 */
const PAGE_CACHE_CONTROL = 'public, max-age=300';
const PAGE_CACHE_CONTROL_WITHOUT_PUBLIC_URL = 'private, max-age=300';

/**
 * Tags a page from its project's data version and answers 304 when the tag is current: the language (from the query
 * or `Accept-Language`, which every page therefore varies by), the base of its links, the map's tiles (in the page
 * and its Content-Security-Policy: a changed MAP_TILE_URL must not keep a cached page pointing at the old server)
 * and `instant`, for a page that changes with time, all show in it.
 */
function pageAnsweredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  access: PublicAccess,
  setting: PageSetting,
  instant: string,
): boolean {
  const cacheControl = hasPublicUrl(request) ? PAGE_CACHE_CONTROL : PAGE_CACHE_CONTROL_WITHOUT_PUBLIC_URL;
  void reply.header('cache-control', cacheControl).header('vary', 'Accept-Language');
  return pageNotModified(
    request,
    reply,
    access,
    JSON.stringify([setting.locale.tag, setting.base, setting.tiles.url, setting.tiles.attribution, instant]),
  );
}

/**
 * What every page under `/finder/{key}` starts with: its setting and the key's access. Undefined when the request is
 * answered already: with the 404 page for a key that gives no access (an unknown or revoked one counts as a failed
 * authentication), or 304 when the client's copy (as of `instant`) is current.
 */
export async function openFinderPage(
  finder: Finder,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  instant = '',
): Promise<{ setting: PageSetting; access: PublicAccess } | undefined> {
  const asked = pageSettingOf(request, key, finder.config.mapTiles);
  const access = await finder.pageAccessOf(key);
  if (typeof access === 'string') {
    if (access === 'unknown-key') markPageKeyRefused(request);
    sendNotFoundPage(reply, asked);
    return undefined;
  }
  // The design's language is the pages' when the address asks for none (the visitor's browser decides without both).
  const language = access.design.language;
  const setting = asked.langAsked || !language ? asked : { ...asked, locale: pageLocale(language, undefined) };
  if (pageAnsweredNotModified(request, reply, access, setting, instant)) {
    void reply.send();
    return undefined;
  }
  return { setting, access };
}

/** Sends a page of HTML with its Content-Security-Policy. */
export function sendPage(
  reply: FastifyReply,
  page: string,
  setting: PageSetting,
  imageUrls: readonly string[],
): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      contentSecurityPolicy({ api: setting.base, tileUrl: setting.tiles.url, imageUrls }),
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .send(page);
}

/** The one "not found" page of every key and location that is not there, never cached (a key may be made tomorrow). */
export function sendNotFoundPage(reply: FastifyReply, setting: PageSetting): FastifyReply {
  void reply.code(404).removeHeader('etag').header('cache-control', 'no-store');
  return sendPage(reply, notFoundPage(setting.locale), setting, []);
}
