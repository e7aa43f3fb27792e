import type { App } from '../../../../http/app-type.ts';
import type { Finder } from '../../finder.service.ts';
import { MAX_LOCATION_PAGES } from '../../finder-pages.service.ts';
import { sitemap } from '../../pages/sitemap.ts';
import { openFinderPage } from './page-setting.ts';

/** The sitemap of a key's hosted pages, for a site to submit to search engines (or name in its robots.txt). */
export function registerFinderSitemap(app: App, { finder }: { finder: Finder }): void {
  app.get<{ Params: { key: string } }>(
    '/finder/:key/sitemap.xml',
    { schema: { hide: true }, config: { publicPage: true } },
    async (request, reply) => {
      const opened = await openFinderPage(finder, request, reply, request.params.key);
      if (!opened) return reply;
      const { setting, access } = opened;
      const pages = await finder.pagesOf(access, { limit: MAX_LOCATION_PAGES, offset: 0 });
      return reply
        .type('application/xml; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send(sitemap(setting, pages));
    },
  );
}
