import type { FinderDesign } from '../../../domain/finder-design.ts';
import { attributes, type Html, html } from './html.ts';
import { layout } from './layout.ts';
import { type Messages, messagesOf } from './messages.ts';
import { type FinderPageData, finderUrl, locationUrl, type PageSetting, withLang } from './page-data.ts';

/** What a finder page's address may set on the element, already checked (`finderOptionsOf`); each is passed as is. */
export interface FinderOptions {
  lang?: string;
  units?: string;
  country?: string;
  radius?: string;
  limit?: string;
  filters?: string;
  consent?: string;
}

const UNITS = new Set(['km', 'mi', 'auto']);
const CONSENTS = new Set(['none', 'click']);

/**
 * The query parameters a finder page passes to its element, those that are valid only: a page never fails over its
 * options, it shows the finder with the element's defaults for the others.
 */
export function finderOptionsOf(query: Readonly<Record<string, unknown>>): FinderOptions {
  const text = (name: string) => {
    const value = query[name];
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const options: FinderOptions = {};
  const lang = text('lang');
  if (lang !== undefined && /^(en|de|fr|es|nl)(-[A-Za-z]{2})?$/i.test(lang)) options.lang = lang;
  const units = text('units')?.toLowerCase();
  if (units !== undefined && UNITS.has(units)) options.units = units;
  const country = text('country');
  if (country !== undefined && /^[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*$/.test(country))
    options.country = country.replace(/\s+/g, '').toUpperCase();
  const radius = text('radius');
  if (radius !== undefined && /^\d{1,4}(\.\d{1,3})?$/.test(radius) && Number(radius) > 0 && Number(radius) <= 1000)
    options.radius = radius;
  const limit = text('limit');
  if (limit !== undefined && /^\d{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 100)
    options.limit = String(Number(limit));
  const filters = text('filters');
  if (filters !== undefined && filters !== '' && filters.length <= 1000) options.filters = filters;
  const consent = text('consent')?.toLowerCase();
  if (consent !== undefined && CONSENTS.has(consent)) options.consent = consent;
  return options;
}

/** The project's design as the element's attributes: what a finder page's address does not set. */
export function designOptionsOf(design: FinderDesign): FinderOptions {
  const options: FinderOptions = {};
  if (design.language) options.lang = design.language;
  if (design.units) options.units = design.units;
  if (design.search_radius !== null) options.radius = String(design.search_radius);
  if (design.result_limit !== null) options.limit = String(design.result_limit);
  if (design.consent) options.consent = design.consent;
  return options;
}

/** The finder's address at another page of its list, keeping a `lang` the visitor chose. */
function listPageUrl(setting: PageSetting, page: number): string {
  const query = new URLSearchParams();
  if (setting.langAsked) query.set('lang', setting.locale.tag);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text === '' ? finderUrl(setting) : `${finderUrl(setting)}?${text}`;
}

function listPages(setting: PageSetting, data: FinderPageData, messages: Messages): Html | '' {
  const page = data.page ?? 1;
  if (page <= 1 && !data.more) return '';
  return html`<p>${page > 1 ? html`<a href="${listPageUrl(setting, page - 1)}" rel="prev">${messages.previousLocations}</a> ` : ''}${data.more ? html`<a href="${listPageUrl(setting, page + 1)}" rel="next">${messages.moreLocations}</a>` : ''}</p>
`;
}

/**
 * The full-page finder of a project: the widget's element filling the viewport, and for visitors and crawlers without
 * JavaScript a list of links to every location's page.
 */
export function finderPage(setting: PageSetting, data: FinderPageData, options: FinderOptions): string {
  const messages = messagesOf(setting.locale);
  const name = data.branding?.displayName ?? data.projectName;
  const heading = `${name} – ${messages.storeFinder}`;
  const logo = data.branding?.logoUrl;
  const accent = data.branding?.brandColor;
  const element = attributes({
    key: setting.key,
    api: setting.base,
    tiles: setting.tiles.url,
    attribution: setting.tiles.attribution,
    details: withLang(locationUrl(setting, '{slug}'), setting),
    lang: options.lang,
    units: options.units,
    country: options.country,
    radius: options.radius,
    limit: options.limit,
    filters: options.filters,
    consent: options.consent,
    // The page is the finder's own: its address holds the search (`q`, `filters`, `type`, `open`, `selected`).
    'url-state': 'on',
    'url-prefix': '',
  });
  return layout({
    locale: setting.locale,
    title: heading,
    description: messages.finderDescription(name),
    canonical: finderUrl(setting),
    head: html`<script src="/widget/v1/locator.js" async></script>
<style>main.finder h1{display:flex;align-items:center;gap:.75rem}main.finder h1 img{height:2rem;width:auto;max-width:10rem}${accent ? `main.finder h1{border-top:4px solid ${accent}}` : ''}</style>`,
    body: html`<main class="finder">
<h1>${logo ? html`<img src="${logo}" alt="${name}"> <span>${messages.storeFinder}</span>` : heading}</h1>
<locator-finder${element}></locator-finder>
<noscript>
<p>${messages.needsJavaScript}</p>
<ul>
${data.locations.map(
  (
    location,
  ) => html`<li><a href="${withLang(locationUrl(setting, location.slug), setting)}">${location.name}</a>${location.city ? html`, ${location.city}` : ''}</li>
`,
)}</ul>
${listPages(setting, data, messages)}</noscript>
</main>`,
  });
}
