import type { App } from '../../http/app-type.ts';
import { locationPage } from '../../pages/location-page.ts';
import { finderPageAccessOf, locationPageOf } from '../../services/finder-pages.service.ts';
import { pageAnsweredNotModified, pageSettingOf, sendNotFoundPage, sendPage, type PageQuery } from './page-setting.ts';

/** A visible location's own page: readable without JavaScript, with the structured data search engines read. */
export function registerFinderLocationPage(app: App): void {
  app.get<{ Params: { key: string; slug: string } }>('/finder/:key/:slug', { schema: { hide: true }, config: { publicPage: true } }, async (request, reply) => {
    const setting = pageSettingOf(request, request.params.key);
    const db = app.ctx.database.db;
    const access = await finderPageAccessOf(db, request.params.key);
    if (!access) return sendNotFoundPage(reply, setting);
    const now = app.ctx.clock();
    // The upcoming special hours move on at the location's own midnight, which falls on the hour in UTC for nearly
    // every zone: the UTC hour is in the tag, so a page is at most an hour (plus the cache's minutes) behind it.
    if (pageAnsweredNotModified(request, reply, access, setting, new Date(now).toISOString().slice(0, 13))) return reply.send();
    const page = await locationPageOf(db, access, request.params.slug, now);
    if (!page) return sendNotFoundPage(reply, setting);
    const query = request.query as PageQuery;
    const consent = query.consent === 'click' || query.consent === 'none' ? query.consent : undefined;
    return sendPage(reply, locationPage(setting, page, consent ? { consent } : {}), setting, page.imageUrls);
  });
}
