import { WEEKDAYS } from '../../../domain/hours.ts';
import { openingHoursSpecification } from '../../../domain/opening-hours-specification.ts';
import { datesOf } from '../../../domain/special-hours.ts';
import { countryName, dateRangeText, dayHoursText, weekdayName } from './format.ts';
import { attributes, type Html, html, jsonInScript, safeHref } from './html.ts';
import { layout } from './layout.ts';
import { type Messages, messagesOf, type PageLocale } from './messages.ts';
import { finderUrl, type LocationPageData, locationUrl, type PageSetting, withLang } from './page-data.ts';

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
    image: location.cover_image_url,
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

function hoursTable(location: Location, setting: PageSetting, messages: Messages): Html {
  const hours = location.hours;
  if (!hours) return html`<p>${messages.unknown}</p>`;
  return html`<table>
<thead><tr><th scope="col">${messages.day}</th><th scope="col">${messages.hours}</th></tr></thead>
<tbody>
${WEEKDAYS.map(
  (
    day,
  ) => html`<tr><th scope="row">${weekdayName(day, setting.locale)}</th><td>${dayHoursText(hours[day], setting.locale, messages)}</td></tr>
`,
)}</tbody>
</table>`;
}

function specialHoursList(data: LocationPageData, setting: PageSetting, messages: Messages): Html {
  if (data.upcoming.length === 0) return html``;
  return html`<section aria-labelledby="special-hours">
<h2 id="special-hours">${messages.specialHours}</h2>
<ul>
${data.upcoming.map((item) => {
  const { first, last } = datesOf(item);
  return html`<li><time datetime="${first}">${dateRangeText(first, last, setting.locale)}</time>: ${dayHoursText(item.hours, setting.locale, messages)}${item.label ? html` (${item.label})` : ''}</li>
`;
})}</ul>
</section>`;
}

function contactList(location: Location, messages: Messages): Html {
  const website = safeHref(location.url);
  // A phone that does not read as a number is shown as typed, never as a link.
  const phone = location.phone_e164
    ? html`<a href="tel:${location.phone_e164}">${location.phone}</a>`
    : html`${location.phone ?? ''}`;
  const items = [
    location.phone ? html`<dt>${messages.phone}</dt><dd>${phone}</dd>` : '',
    location.email
      ? html`<dt>${messages.email}</dt><dd><a href="${safeHref(`mailto:${location.email}`)}">${location.email}</a></dd>`
      : '',
    location.url
      ? html`<dt>${messages.website}</dt><dd>${website ? html`<a href="${website}" rel="noopener">${location.url}</a>` : location.url}</dd>`
      : '',
  ].filter((item) => item !== '');
  if (items.length === 0) return html``;
  return html`<section aria-labelledby="contact">
<h2 id="contact">${messages.contact}</h2>
<dl>${items}</dl>
</section>`;
}

function mapSection(
  data: LocationPageData,
  setting: PageSetting,
  messages: Messages,
  consent: string | undefined,
): Html {
  if (!data.located) return html``;
  const { lat, lng, name } = data.location;
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  return html`<section aria-labelledby="map">
<h2 id="map">${messages.map}</h2>
<locator-map${attributes({ lat, lng, label: name, tiles: setting.tiles.url, attribution: setting.tiles.attribution, consent })}></locator-map>
<p><a href="${osm}">${messages.viewOnOpenStreetMap}</a></p>
</section>`;
}

/** A location's own page: everything a visitor needs without JavaScript, and what search engines read of it. */
export function locationPage(setting: PageSetting, data: LocationPageData, options: { consent?: string } = {}): string {
  const messages = messagesOf(setting.locale);
  const { location } = data;
  const canonical = locationUrl(setting, location.slug);
  const address = addressLines(location, setting.locale);
  const actions = location.callsToAction.flatMap(({ title, value }) => {
    const href = safeHref(value);
    return href ? [html`<li><a href="${href}" rel="noopener">${title}</a></li>`] : [];
  });
  return layout({
    locale: setting.locale,
    title: `${location.name} – ${data.projectName}`,
    description: messages.locationDescription(location.name, address.join(', ')),
    canonical,
    head: html`<script src="/widget/v1/locator.js" async></script>
<script type="application/ld+json">${jsonInScript(structuredData(data, canonical))}</script>`,
    body: html`<main>
<p><a href="${withLang(finderUrl(setting), setting)}">${messages.backToFinder}</a></p>
<h1>${location.name}</h1>
${location.location_type ? html`<p>${location.location_type}</p>` : ''}
<section aria-labelledby="address">
<h2 id="address">${messages.address}</h2>
<address>${address.map((line, n) => html`${n > 0 ? html`<br>` : ''}${line}`)}</address>
</section>
${contactList(location, messages)}
${actions.length > 0 ? html`<ul class="actions">${actions}</ul>` : ''}
<section aria-labelledby="hours">
<h2 id="hours">${messages.openingHours}</h2>
${hoursTable(location, setting, messages)}
</section>
${specialHoursList(data, setting, messages)}
${
  location.fields.length > 0
    ? html`<section aria-labelledby="more">
<h2 id="more">${messages.moreInformation}</h2>
<dl>${location.fields.map(({ name, value }) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>
</section>`
    : ''
}
${mapSection(data, setting, messages, options.consent)}
</main>`,
  });
}
