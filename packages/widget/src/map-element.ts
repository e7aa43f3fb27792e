// <locator-map>: one place on a small map, for server-rendered location pages; same lazy loading and consent rule.
import { h, stylesFor } from './dom.ts';
import { resolveLocale, translator } from './i18n/index.ts';
import styles from './map-element.css';
import {
  consentPanel,
  DEFAULT_ATTRIBUTION,
  DEFAULT_TILES,
  type LocatorMap,
  loadMapModule,
  mapLabels,
} from './map-loader.ts';
import mapPaneStyles from './map-pane.css';

export class LocatorMapElement extends HTMLElement {
  static readonly observedAttributes = ['lat', 'lng', 'label', 'consent', 'tiles', 'attribution', 'lang'];

  private readonly shadow = this.attachShadow({ mode: 'open' });
  private map: LocatorMap | null = null;
  private generation = 0;
  private started = false;

  connectedCallback(): void {
    if (!this.started) this.start();
  }

  disconnectedCallback(): void {
    this.stop();
    this.started = false;
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next && this.started) this.start();
  }

  private stop(): void {
    this.generation++;
    this.map?.destroy();
    this.map = null;
  }

  private start(): void {
    this.stop();
    this.started = true;
    const t = translator(
      resolveLocale([
        this.closest('[lang]')?.getAttribute('lang'),
        document.documentElement.lang,
        ...navigator.languages,
      ]),
    );
    const lat = Number(this.getAttribute('lat'));
    const lng = Number(this.getAttribute('lng'));
    const label = this.getAttribute('label') ?? '';
    const tiles = this.getAttribute('tiles') || DEFAULT_TILES;
    const region = h('div', {
      role: 'region',
      'aria-label': label ? `${t.text('map')}: ${label}` : t.text('map'),
      class: 'region',
      lang: t.locale,
    });
    this.shadow.replaceChildren(...stylesFor(this.shadow, mapPaneStyles + styles), region);
    const valid = this.hasAttribute('lat') && this.hasAttribute('lng') && Number.isFinite(lat) && Number.isFinite(lng);
    if (!valid) return;

    const generation = this.generation;
    const show = async (byVisitor: boolean): Promise<void> => {
      const { createMap } = await loadMapModule();
      if (generation !== this.generation) return;
      const container = h('div', { class: 'map' });
      region.replaceChildren(container);
      this.map = createMap(container, {
        tiles,
        attribution: this.getAttribute('attribution') || DEFAULT_ATTRIBUTION,
        labels: mapLabels(t),
      });
      this.map.setPins([{ id: 'place', lat, lng, name: label, color: null }]);
      if (label) this.map.select('place');
      if (byVisitor) container.focus();
    };
    if (this.getAttribute('consent') === 'click') {
      region.append(consentPanel(t, tiles, () => void show(true).catch(() => undefined)));
    } else {
      void show(false).catch(() => undefined);
    }
  }
}
