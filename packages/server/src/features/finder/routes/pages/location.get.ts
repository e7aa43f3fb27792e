import { isoOf } from '../../../../domain/time.ts';
import type { App } from '../../../../http/app-type.ts';
import type { Finder } from '../../finder.service.ts';
import { finderOptionsOf } from '../../pages/finder-page.ts';
import { locationPage } from '../../pages/location-page.ts';
import { openFinderPage, type PageQuery, sendNotFoundPage, sendPage } from './page-setting.ts';

/** A visible location's own page: readable without JavaScript, with the structured data search engines read. */
export function registerFinderLocationPage(app: App, { finder }: { finder: Finder }): void {
  app.get<{ Params: { key: string; slug: string } }>(
    '/finder/:key/:slug',
    { schema: { hide: true }, config: { publicPage: true } },
    async (request, reply) => {
      const now = finder.clock();
      // The status line ("open now · closes 9:00 PM") changes at the minute a store opens or closes, and the upcoming
      // special hours at its midnight: the minute is in the tag, so a page is never behind by more than the cache's.
      const opened = await openFinderPage(finder, request, reply, request.params.key, isoOf(now).slice(0, 16));
      if (!opened) return reply;
      const { setting, access } = opened;
      const page = await finder.locationPageOf(access, request.params.slug, now);
      if (!page) return sendNotFoundPage(reply, setting);
      const consent = finderOptionsOf(request.query as PageQuery).consent ?? access.design.consent ?? undefined;
      return sendPage(reply, locationPage(setting, page, consent ? { consent } : {}), setting, page.imageUrls);
    },
  );
}
