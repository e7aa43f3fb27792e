import { WEEKDAYS } from '../../../domain/hours.ts';
import { openingHoursSpecification } from '../../../domain/opening-hours-specification.ts';
import { datesOf } from '../../../domain/special-hours.ts';
import { countryName, dateRangeText, dayHoursText, distanceText, pageUnit, statusLine, weekdayName } from './format.ts';
import { attributes, Html, html, jsonInScript, safeHref } from './html.ts';
import { layout } from './layout.ts';
import { LOCATION_PAGE_STYLE } from './location-page-style.ts';
import { type Messages, messagesOf, PAGE_LANGUAGES, type PageLocale } from './messages.ts';
import { finderUrl, type LocationPageData, locationUrl, type PageSetting, withLang } from './page-data.ts';
import { staticMap } from './static-map.ts';

type Location = LocationPageData['location'];

/**
 * The address as lines in the order the product writes addresses (`generateAddress`): street lines, then
 * "city, state postcode", country; the display address when none is set.
 */
function addressLines(location: Location, locale: PageLocale): string[] {
  const statePostcode = [location.state, location.postcode].filter(Boolean).join(' ');
  const cityLine = [location.city, statePostcode].filter(Boolean).join(', ');
  const lines = [
    location.address_line_1,
    location.address_line_2,
    cityLine,
    location.country && countryName(location.country, locale),
  ].filter((line): line is string => !!line);
  return lines.length > 0 ? lines : [location.display_address || location.address].filter(Boolean);
}

/** The schema.org description search engines read: a LocalBusiness with its address, position and hours. */
function structuredData(data: LocationPageData, canonical: string): Record<string, unknown> {
  const { location } = data;
  const street = [location.address_line_1, location.address_line_2].filter(Boolean).join(', ');
  const defined = (value: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null && item !== undefined && item !== ''));
  return defined({
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: location.name,
    url: canonical,
    // Only a number that reads as one, in E.164: a typo or a sentence in `phone` is no telephone.
    telephone: location.phone_e164,
    email: location.email,
    image: webImage(location.cover_image_url),
    sameAs: safeHref(location.url),
    address: defined({
      '@type': 'PostalAddress',
      streetAddress: street || (location.address_line_1 === null ? location.address : undefined),
      addressLocality: location.city,
      addressRegion: location.state,
      postalCode: location.postcode,
      addressCountry: location.country,
    }),
    geo: data.located ? { '@type': 'GeoCoordinates', latitude: location.lat, longitude: location.lng } : undefined,
    openingHoursSpecification: openingHoursSpecification(location.hours, data.upcoming),
  });
}

function hoursTable(data: LocationPageData, setting: PageSetting, messages: Messages): Html {
  const hours = data.location.hours;
  if (!hours) return html`<p>${messages.unknown}</p>`;
  return html`<table class="week">
<thead><tr><th scope="col">${messages.day}</th><th scope="col">${messages.hours}</th></tr></thead>
<tbody>
${WEEKDAYS.map((day) =>
  day === data.today?.weekday
    ? html`<tr class="today" aria-current="date"><th scope="row">${weekdayName(day, setting.locale)}<span class="today-mark">${messages.today}</span></th><td>${dayHoursText(hours[day], setting.locale, messages)}</td></tr>
`
    : html`<tr><th scope="row">${weekdayName(day, setting.locale)}</th><td>${dayHoursText(hours[day], setting.locale, messages)}</td></tr>
`,
)}</tbody>
</table>`;
}

function specialHoursList(data: LocationPageData, setting: PageSetting, messages: Messages): Html {
  if (data.upcoming.length === 0) return html``;
  return html`<div class="special">
<h3 id="special-hours">${messages.specialHours}</h3>
<ul aria-labelledby="special-hours">
${data.upcoming.map((item) => {
  const { first, last } = datesOf(item);
  return html`<li><time datetime="${first}">${dateRangeText(first, last, setting.locale)}</time>: ${dayHoursText(item.hours, setting.locale, messages)}${item.label ? html` (${item.label})` : ''}</li>
`;
})}</ul>
</div>`;
}

function contactList(location: Location, messages: Messages): Html {
  const website = safeHref(location.url);
  // A phone that does not read as a number is shown as typed, never as a link.
  const phone = location.phone_e164
    ? html`<a href="tel:${location.phone_e164}" data-locator-action="call">${location.phone}</a>`
    : html`${location.phone ?? ''}`;
  const items = [
    location.phone ? html`<dt>${messages.phone}</dt><dd>${phone}</dd>` : '',
    location.email
      ? html`<dt>${messages.email}</dt><dd><a href="${safeHref(`mailto:${location.email}`)}">${location.email}</a></dd>`
      : '',
    location.url
      ? html`<dt>${messages.website}</dt><dd>${website ? html`<a href="${website}" rel="noopener" data-locator-action="website">${location.url}</a>` : location.url}</dd>`
      : '',
  ].filter((item) => item !== '');
  if (items.length === 0) return html``;
  return html`<h3 class="visually-hidden">${messages.contact}</h3>
<dl>${items}</dl>`;
}

/**
 * The widget's map of the place, and under it, for visitors without JavaScript, the tiles around it as images (not
 * when the map waits for the visitor's consent: no tile is asked for before it).
 */
function mapSection(
  data: LocationPageData,
  setting: PageSetting,
  messages: Messages,
  consent: string | undefined,
): Html {
  if (!data.located) return html``;
  const { lat, lng, name } = data.location;
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  return html`<section class="map" aria-labelledby="map">
<h2 id="map" class="visually-hidden">${messages.map}</h2>
<div class="map-frame">
${consent === 'click' ? '' : html`<noscript>${staticMap({ lat, lng }, setting.tiles.url, messages.mapOf(name))}</noscript>`}
<locator-map${attributes({ lat, lng, label: name, tiles: setting.tiles.url, attribution: setting.tiles.attribution, consent })}></locator-map>
</div>
<p class="map-link"><a href="${osm}">${messages.viewOnOpenStreetMap}</a></p>
</section>`;
}

/** Where the Directions button leads: a route to the point, else a search for the address. */
function directionsUrl(data: LocationPageData, address: readonly string[]): string | undefined {
  const { lat, lng } = data.location;
  if (data.located) return `https://www.openstreetmap.org/directions?to=${lat}%2C${lng}`;
  if (address.length === 0) return undefined;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.join(', '))}`;
}

/** Directions first, Call when the phone reads as a number, then the location's own calls to action. */
function actionButtons(data: LocationPageData, address: readonly string[], messages: Messages): Html | '' {
  const { location } = data;
  const directions = directionsUrl(data, address);
  const buttons = [
    directions
      ? html`<li><a class="button primary" href="${directions}" rel="noopener" data-locator-action="directions">${messages.directions}</a></li>`
      : '',
    location.phone_e164
      ? html`<li><a class="button" href="tel:${location.phone_e164}" data-locator-action="call">${messages.call}</a></li>`
      : '',
    ...location.callsToAction.map(({ title, value }) => {
      const href = safeHref(value);
      return href
        ? html`<li><a class="button" href="${href}" rel="noopener" data-locator-action="cta">${title}</a></li>`
        : '';
    }),
  ].filter((button) => button !== '');
  return buttons.length > 0 ? html`<ul class="buttons">${buttons}</ul>` : '';
}

function nearbyList(data: LocationPageData, setting: PageSetting, messages: Messages): Html | '' {
  if (data.nearby.length === 0) return '';
  const unit = pageUnit(data.unit, setting.locale);
  return html`<section class="card nearby" aria-labelledby="nearby">
<h2 id="nearby">${messages.nearbyStores}</h2>
<ul>
${data.nearby.map(
  (store) =>
    html`<li><span><a href="${withLang(locationUrl(setting, store.slug), setting)}">${store.name}</a>${store.city ? html`<span class="city">${store.city}</span>` : ''}</span><span class="distance">${distanceText(store.distanceKm, unit, setting.locale)}</span></li>
`,
)}</ul>
</section>`;
}

function fieldsList(location: Location, messages: Messages): Html | '' {
  if (location.fields.length === 0) return '';
  return html`<section class="card fields" aria-labelledby="more">
<h2 id="more">${messages.moreInformation}</h2>
<dl>${location.fields.map(({ name, value }) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>
</section>`;
}

/** `og:locale` writes a region with an underscore (`de_AT`). */
const ogLocale = (tag: string) => tag.replace('-', '_');

/**
 * What search engines and link previews read: Open Graph and Twitter's card, the page in each language, and the
 * schema.org description.
 */
function headTags(data: LocationPageData, setting: PageSetting, canonical: string, description: string): Html {
  const { location } = data;
  const image = webImage(location.cover_image_url);
  const meta = (property: string, content: string) => html`<meta property="${property}" content="${content}">
`;
  const named = (name: string, content: string) => html`<meta name="${name}" content="${content}">
`;
  return html`${meta('og:type', 'website')}${meta('og:site_name', data.projectName)}${meta('og:title', location.name)}${meta('og:description', description)}${meta('og:url', canonical)}${meta('og:locale', ogLocale(setting.locale.tag))}${image ? meta('og:image', image) : ''}${named('twitter:card', image ? 'summary_large_image' : 'summary')}${named('twitter:title', location.name)}${named('twitter:description', description)}${image ? named('twitter:image', image) : ''}${PAGE_LANGUAGES.map(
    (language) => html`<link rel="alternate" hreflang="${language}" href="${canonical}?lang=${language}">
`,
  )}<link rel="alternate" hreflang="x-default" href="${canonical}">
<script src="/widget/v1/locator.js" async></script>
<script type="application/ld+json">${jsonInScript(structuredData(data, canonical))}</script>
<style>${new Html(LOCATION_PAGE_STYLE)}</style>`;
}

/** An image on the web (`http:` or `https:`), as link previews and structured data take them. */
function webImage(url: string | null): string | undefined {
  const href = safeHref(url);
  return href && /^https?:/.test(href) ? href : undefined;
}

/**
 * A location's own page: everything a visitor needs without JavaScript, and what search engines read of it. With the
 * widget's script, `<locator-page-view>` counts the view and the clicks on the links marked `data-locator-action`.
 */
export function locationPage(setting: PageSetting, data: LocationPageData, options: { consent?: string } = {}): string {
  const messages = messagesOf(setting.locale);
  const { location } = data;
  const canonical = locationUrl(setting, location.slug);
  const address = addressLines(location, setting.locale);
  const description = messages.locationDescription(location.name, address.join(', '));
  const status = statusLine(data.status, data.today, setting.locale, messages);
  const cover = webImage(location.cover_image_url);
  return layout({
    locale: setting.locale,
    title: `${location.name} – ${data.projectName}`,
    description,
    canonical,
    head: headTags(data, setting, canonical, description),
    body: html`<nav class="breadcrumbs" aria-label="${messages.breadcrumbs}"><ol><li><a href="${withLang(finderUrl(setting), setting)}">${messages.storeFinder}</a></li><li><span aria-current="page">${location.name}</span></li></ol></nav>
<main class="store">
${cover ? html`<figure class="cover"><img src="${cover}" alt=""></figure>` : ''}
<header class="store-intro">
<h1>${location.name}</h1>
${location.location_type ? html`<p class="store-type">${location.location_type}</p>` : ''}
${status ? html`<p class="status ${status.open ? 'open' : 'closed'}">${status.text}</p>` : ''}
${actionButtons(data, address, messages)}
</header>
<div class="where">
<section class="card" aria-labelledby="address">
<h2 id="address">${messages.address}</h2>
<address>${address.map((line, n) => html`${n > 0 ? html`<br>` : ''}${line}`)}</address>
${contactList(location, messages)}
</section>
${mapSection(data, setting, messages, options.consent)}
</div>
<div class="details">
<section class="card" aria-labelledby="hours">
<h2 id="hours">${messages.openingHours}</h2>
${hoursTable(data, setting, messages)}
${specialHoursList(data, setting, messages)}
</section>
<div>
${fieldsList(location, messages)}
${nearbyList(data, setting, messages)}
</div>
</div>
</main>
<locator-page-view${attributes({ key: setting.key, api: setting.base, location: location.id })} hidden></locator-page-view>`,
  });
}
