// Loads the map's module (Leaflet and the clustering) beside this script, only when a map is first shown, and
// builds the consent panel that stands in for the map until then.
import { h } from './dom.ts';
import type { Translator } from './i18n/index.ts';
import type * as MapModule from './map/map.ts';
import { scriptUrl } from './script-url.ts';

export type { LocatorMap, MapPin } from './map/map.ts';

export const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

let loading: Promise<typeof MapModule> | null = null;

export function loadMapModule(): Promise<typeof MapModule> {
  loading ??= (import(new URL('map.js', scriptUrl).href) as Promise<typeof MapModule>).catch((error: unknown) => {
    // A failed load (offline for a moment) must not stick: the next "Show map" tries again.
    loading = null;
    throw error;
  });
  return loading;
}

/** The tile server's host as the visitor should read it: `tile.openstreetmap.org`. */
function tileServer(template: string): string {
  return /^[a-z]+:\/\/([^/]+)/i.exec(template)?.[1]?.replace(/^\{s\}\./, '') ?? template;
}

export function mapLabels(t: Translator): MapModule.MapLabels {
  // Thousands as the SI's `k`, which every catalog's language reads, with the locale's decimal sign; Intl's compact
  // notation would write "123,5 mil" in Spanish, too wide for a cluster's circle.
  const thousands = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 1 });
  return {
    zoomIn: t.text('zoomIn'),
    zoomOut: t.text('zoomOut'),
    closePopup: t.text('closePopup'),
    tilesFailed: t.text('tilesFailed'),
    cluster: (count) => t.plural('clusterLabel', count),
    clusterCount: (count) => (count < 1000 ? thousands.format(count) : `${thousands.format(count / 1000)}k`),
  };
}

/** What `consent=click` shows instead of the map: which server the tiles come from, and the button that loads them. */
export function consentPanel(t: Translator, tiles: string, onShow: () => void): HTMLElement {
  const button = h('button', { type: 'button', class: 'button primary' }, t.text('showMap'));
  button.addEventListener('click', onShow);
  return h('div', { class: 'consent' }, h('p', {}, t.text('mapConsent', { server: tileServer(tiles) })), button);
}
