// One location of the results list: its name (the button that selects it), distance, today's hours and links.
import type { PublicLocation } from './api.ts';
import { h, safeColor, safeHref } from './dom.ts';
import { formatMeters } from './format.ts';
import { todaySummary } from './hours.ts';
import type { Translator } from './i18n/index.ts';

export function directionsUrl(location: PublicLocation): string {
  return `https://www.openstreetmap.org/directions?to=${location.lat}%2C${location.lng}`;
}

export function detailsUrl(template: string | null, location: PublicLocation): string | null {
  if (!template) return null;
  return safeHref(
    template
      .replaceAll('{slug}', encodeURIComponent(location.slug))
      .replaceAll('{id}', encodeURIComponent(location.id)),
  );
}

function addressOf(location: PublicLocation): string {
  if (location.display_address) return location.display_address;
  // In the order the server writes addresses: "city, state postcode".
  const statePostcode = [location.state, location.postcode].filter(Boolean).join(' ');
  return [location.address_line_1, location.address_line_2, location.city, statePostcode].filter(Boolean).join(', ');
}

/** A link that opens beside the finder; `action` is what a click on it counts as (`beacon.ts`). */
function externalLink(href: string | null, text: string, action: string): HTMLAnchorElement | null {
  return href ? h('a', { href, target: '_blank', rel: 'noopener', 'data-locator-action': action }, text) : null;
}

export function resultItem(
  location: PublicLocation,
  t: Translator,
  detailsTemplate: string | null,
  onSelect: (id: string) => void,
): HTMLLIElement {
  const name = h('button', { type: 'button', class: 'name' }, location.name);
  name.addEventListener('click', () => onSelect(location.id));

  const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  const color = safeColor(location.marker?.color);
  if (color) swatch.style.background = color;

  const today = todaySummary(location, t);
  const hours =
    today.open !== null || today.hours !== null
      ? h(
          'div',
          { class: 'hours' },
          today.open !== null &&
            h('span', { class: today.open ? 'badge open' : 'badge closed' }, t.text(today.open ? 'open' : 'closed')),
          today.hours !== null && h('span', { class: 'today' }, `${t.text('today')}: ${today.hours}`),
          today.change !== null && h('span', { class: 'change' }, today.change),
          today.special !== null && h('span', { class: 'special' }, today.special),
        )
      : null;

  // Only a phone that reads as a number becomes a link (to its E.164 form); any other is shown as typed.
  const phone =
    location.phone &&
    (location.phone_e164
      ? h('a', { href: `tel:${location.phone_e164}`, 'data-locator-action': 'call' }, location.phone)
      : h('span', { class: 'phone' }, location.phone));
  // One primary action, Directions, as a button; the others are links beside it.
  const directions = externalLink(directionsUrl(location), t.text('directions'), 'directions');
  directions?.classList.add('button', 'primary', 'directions');
  const links = h(
    'div',
    { class: 'links' },
    directions,
    phone,
    ...location.callsToAction.map((action) => externalLink(safeHref(action.value), action.title, 'cta')),
    detailsUrl(detailsTemplate, location) !== null &&
      h('a', { href: detailsUrl(detailsTemplate, location) }, t.text('details')),
  );

  return h(
    'li',
    { class: 'result', 'data-id': location.id },
    h(
      'div',
      { class: 'result-head' },
      swatch,
      name,
      h('span', { class: 'distance' }, formatMeters(location.distance.meters, location.distance.unit, t.locale)),
    ),
    hours,
    h('p', { class: 'address' }, addressOf(location)),
    links,
  );
}
