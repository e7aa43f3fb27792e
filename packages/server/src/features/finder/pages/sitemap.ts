import { html } from './html.ts';
import { type FinderPageData, locationUrl, type PageSetting } from './page-data.ts';

/** A stored timestamp as a W3C date-time to the second (`2026-11-21T09:30:00Z`), as sitemaps take it. */
function w3cDateTime(iso: string): string | undefined {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? undefined : new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The sitemap of a key's pages: each visible location's page with when it last changed. Not the finder itself: a
 * sitemap at `/finder/{key}/sitemap.xml` may only name addresses under `/finder/{key}/` (sitemaps.org, "Sitemap file
 * location"), and search engines drop the others. The escaping of HTML is XML's too (`&`, `<`, `>`, quotes).
 */
export function sitemap(setting: Pick<PageSetting, 'base' | 'key'>, data: Pick<FinderPageData, 'locations'>): string {
  const entry = (
    loc: string,
    lastmod: string | undefined,
  ) => html`<url><loc>${loc}</loc>${lastmod ? html`<lastmod>${lastmod}</lastmod>` : ''}</url>
`;
  return html`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${data.locations.map((location) => entry(locationUrl(setting, location.slug), w3cDateTime(location.updatedAt)))}</urlset>
`.text;
}
