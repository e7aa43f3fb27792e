import type { App } from '../../http/app-type.ts';
import { finderOptionsOf, finderPage } from '../../pages/finder-page.ts';
import { finderPageAccessOf, finderPagesOf } from '../../services/finder-pages.service.ts';
import { pageAnsweredNotModified, pageSettingOf, sendNotFoundPage, sendPage, type PageQuery } from './page-setting.ts';

/** The hosted store finder of a key's project: a whole page around the widget, for a link or an iframe. */
export function registerFinderPage(app: App): void {
  app.get<{ Params: { key: string } }>('/finder/:key', { schema: { hide: true }, config: { publicPage: true } }, async (request, reply) => {
    const setting = pageSettingOf(request, request.params.key);
    const access = await finderPageAccessOf(app.ctx.database.db, request.params.key);
    if (!access) return sendNotFoundPage(reply, setting);
    if (pageAnsweredNotModified(request, reply, access, setting)) return reply.send();
    const pages = await finderPagesOf(app.ctx.database.db, access);
    return sendPage(reply, finderPage(setting, pages, finderOptionsOf(request.query as PageQuery)), setting, pages.imageUrls);
  });
}
