import type { App } from '../../http/app-type.ts';
import { sitemap } from '../../pages/sitemap.ts';
import { finderPageAccessOf, finderPagesOf, MAX_LOCATION_PAGES } from '../../services/finder-pages.service.ts';
import { pageAnsweredNotModified, pageSettingOf, sendNotFoundPage } from './page-setting.ts';

/** The sitemap of a key's hosted pages, for a site to submit to search engines (or name in its robots.txt). */
export function registerFinderSitemap(app: App): void {
  app.get<{ Params: { key: string } }>('/finder/:key/sitemap.xml', { schema: { hide: true }, config: { publicPage: true } }, async (request, reply) => {
    const setting = pageSettingOf(request, request.params.key);
    const access = await finderPageAccessOf(app.ctx.database.db, request.params.key);
    if (!access) return sendNotFoundPage(reply, setting);
    if (pageAnsweredNotModified(request, reply, access, setting)) return reply.send();
    const pages = await finderPagesOf(app.ctx.database.db, access, { limit: MAX_LOCATION_PAGES, offset: 0 });
    return reply.type('application/xml; charset=utf-8').header('x-content-type-options', 'nosniff').send(sitemap(setting, pages));
  });
}
