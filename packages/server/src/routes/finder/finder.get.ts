import type { App } from '../../http/app-type.ts';
import { finderOptionsOf, finderPage } from '../../pages/finder-page.ts';
import { finderPageAccessOf, finderPagesOf, LOCATION_LINKS_PER_PAGE } from '../../services/finder-pages.service.ts';
import { pageAnsweredNotModified, pageSettingOf, sendNotFoundPage, sendPage, type PageQuery } from './page-setting.ts';

/** `?page=` of the finder's list without JavaScript: a whole number from 1 (anything else is the first page). */
function listPageOf(text: unknown): number {
  return typeof text === 'string' && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}

/** The hosted store finder of a key's project: a whole page around the widget, for a link or an iframe. */
export function registerFinderPage(app: App): void {
  app.get<{ Params: { key: string } }>('/finder/:key', { schema: { hide: true }, config: { publicPage: true } }, async (request, reply) => {
    const setting = pageSettingOf(request, request.params.key);
    const access = await finderPageAccessOf(app.ctx.database.db, request.params.key);
    if (!access) return sendNotFoundPage(reply, setting);
    if (pageAnsweredNotModified(request, reply, access, setting)) return reply.send();
    const query = request.query as PageQuery;
    const page = listPageOf(query.page);
    const pages = await finderPagesOf(app.ctx.database.db, access, { limit: LOCATION_LINKS_PER_PAGE, offset: (page - 1) * LOCATION_LINKS_PER_PAGE });
    return sendPage(reply, finderPage(setting, { ...pages, page }, finderOptionsOf(query)), setting, pages.imageUrls);
  });
}
