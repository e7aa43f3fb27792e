import type { App } from '../../../../http/app-type.ts';
import type { Finder } from '../../finder.service.ts';
import { LOCATION_LINKS_PER_PAGE } from '../../finder-pages.service.ts';
import { designOptionsOf, finderOptionsOf, finderPage } from '../../pages/finder-page.ts';
import { openFinderPage, type PageQuery, sendPage } from './page-setting.ts';

/** `?page=` of the finder's list without JavaScript: a whole number from 1 (anything else is the first page). */
function listPageOf(text: unknown): number {
  return typeof text === 'string' && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}

/** The hosted store finder of a key's project: a whole page around the widget, for a link or an iframe. */
export function registerFinderPage(app: App, { finder }: { finder: Finder }): void {
  app.get<{ Params: { key: string } }>(
    '/finder/:key',
    { schema: { hide: true }, config: { publicPage: true } },
    async (request, reply) => {
      const opened = await openFinderPage(finder, request, reply, request.params.key);
      if (!opened) return reply;
      const { setting, access } = opened;
      const query = request.query as PageQuery;
      const page = listPageOf(query.page);
      const pages = await finder.pagesOf(access, {
        limit: LOCATION_LINKS_PER_PAGE,
        offset: (page - 1) * LOCATION_LINKS_PER_PAGE,
      });
      // The address's options over the project's design (the dashboard's widget designer).
      const options = { ...designOptionsOf(access.design), ...finderOptionsOf(query) };
      return sendPage(reply, finderPage(setting, { ...pages, page }, options), setting, pages.imageUrls);
    },
  );
}
