// The markers of the pins on the map, named: what each colour or icon means. Shown only when there is a choice to
// explain (two markers or more).
import type { FinderConfig } from './api.ts';
import { h, safeColor, safeHref } from './dom.ts';
import type { Translator } from './i18n/index.ts';

export type Marker = FinderConfig['markers'][number];

/** A marker's icon, drawn only from an http(s) address. */
export function safeIconUrl(url: string | null | undefined): string | null {
  const href = safeHref(url);
  return href && /^https?:/.test(href) ? href : null;
}

export function markerLegend(markers: readonly (Marker | null | undefined)[], t: Translator): HTMLElement | null {
  const used = new Map<string, Marker>();
  for (const marker of markers) if (marker && !used.has(marker.id)) used.set(marker.id, marker);
  if (used.size < 2) return null;
  return h(
    'ul',
    { class: 'legend', 'aria-label': t.text('legend') },
    ...[...used.values()].map((marker) => {
      const icon = safeIconUrl(marker.icon_url);
      const swatch = icon
        ? h('img', { class: 'legend-icon', src: icon, alt: '' })
        : h('span', { class: 'swatch', 'aria-hidden': 'true' });
      const color = safeColor(marker.color);
      if (!icon && color) swatch.style.background = color;
      return h('li', {}, swatch, marker.name);
    }),
  );
}
