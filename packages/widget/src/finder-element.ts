// <locator-finder>: the search form, filters, results list and (lazily) the map, in an open shadow root.
import {
  ApiError,
  type FinderConfig,
  LocatorApi,
  type PinCollection,
  type PublicLocation,
  type SearchAnswer,
  type SearchPlace,
  type Unit,
} from './api.ts';
import { actionOfClick, type VisitorAction } from './beacon.ts';
import { applyBranding } from './brand.ts';
import { parseCsvList } from './csv.ts';
import { append, h, safeColor, stylesFor } from './dom.ts';
import { autoUnit, formatDistance } from './format.ts';
import { resolveLocale, type Translator, translator } from './i18n/index.ts';
import { type Marker, markerLegend, safeIconUrl } from './legend.ts';
import {
  consentPanel,
  DEFAULT_ATTRIBUTION,
  DEFAULT_TILES,
  type LocatorMap,
  loadMapModule,
  type MapPin,
  mapLabels,
} from './map-loader.ts';
import mapPaneStyles from './map-pane.css';
import { resultItem } from './result-item.ts';
import { scriptOrigin } from './script-url.ts';
import styles from './styles.css';
import { type SearchInUrl, UrlState } from './url-state.ts';

export interface SearchEventDetail {
  query: string | null;
  count: number;
  fallback: boolean;
  origin: SearchAnswer['meta']['origin'];
}

export interface SelectEventDetail {
  id: string;
  name: string;
  /** The result's full location; null for a pin shown before the first search, which only has a name. */
  location: PublicLocation | null;
}

interface Parts {
  root: HTMLElement;
  form: HTMLFormElement;
  query: HTMLInputElement;
  locate: HTMLButtonElement;
  chips: HTMLElement;
  filtersToggle: HTMLButtonElement;
  refine: HTMLElement;
  layout: HTMLElement;
  showList: HTMLButtonElement;
  showMapView: HTMLButtonElement;
  openNow: HTMLButtonElement;
  typeField: HTMLElement;
  type: HTMLSelectElement;
  status: HTMLElement;
  alert: HTMLElement;
  results: HTMLOListElement;
  more: HTMLButtonElement;
  mapPane: HTMLElement;
  area: HTMLButtonElement;
}

/**
 * Where a search comes from: the list before any search, a new one (typed, located, restored; the host's history
 * gains an entry when it keeps the search in its address) or a change of the one shown.
 */
type SearchKind = 'first-view' | 'new' | 'refine';

/** Results are shown this many at a time, the next ones behind "Show more". */
const PAGE_SIZE = 10;
/** The most locations listed before a search: the first view's, nearest its centre first. */
const FIRST_VIEW_LIMIT = 100;

/** The box of every pin, a little wider so that a lone pin has an area: the map's first view shows them all. */
function boundsOfPins(collection: PinCollection): [number, number, number, number] | null {
  const coordinates = collection.features.map((feature) => feature.geometry.coordinates);
  if (coordinates.length === 0) return null;
  const lngs = coordinates.map(([lng]) => lng ?? 0);
  const lats = coordinates.map(([, lat]) => lat ?? 0);
  const pad = 0.01;
  return [
    Math.max(-180, Math.min(...lngs) - pad),
    Math.max(-90, Math.min(...lats) - pad),
    Math.min(180, Math.max(...lngs) + pad),
    Math.min(90, Math.max(...lats) + pad),
  ];
}

const clampNumber = (text: string | null, fallback: number, min: number, max: number): number => {
  const value = Number(text);
  return text !== null && text.trim() !== '' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
};

export class LocatorFinderElement extends HTMLElement {
  static readonly observedAttributes = [
    'key',
    'api',
    'units',
    'country',
    'radius',
    'limit',
    'filters',
    'lang',
    'consent',
    'tiles',
    'attribution',
    'details',
    'url-state',
    'url-prefix',
    'analytics',
  ];

  private readonly shadow = this.attachShadow({ mode: 'open' });
  private t: Translator = translator('en');
  private parts: Parts | null = null;
  private api: LocatorApi | null = null;
  private config: FinderConfig | null = null;
  private configReady: Promise<void> = Promise.resolve();
  private unit: Unit = 'km';
  private selectedFilters = new Set<string>();
  private openNow = false;
  private lastPlace: SearchPlace | null = null;
  private lastOrigin: { lat: number; lng: number } | null = null;
  private results: PublicLocation[] = [];
  /** How many of `results` the list shows. */
  private shown = 0;
  /** The box of the map's first view, listed before any search; null until the pins are known. */
  private firstView: SearchPlace | null = null;
  /** Whether the visitor changed a filter of the first view's list (its search is then theirs, not the page's). */
  private refinedFirstView = false;
  private selectedId: string | null = null;
  /** What the status says about the list shown, put back when a later search or locating fails. */
  private answeredStatus = '';
  private map: LocatorMap | null = null;
  private mapShowing = false;
  private allPins: Promise<PinCollection> | null = null;
  /** The names of the pins shown before any search, for the `locator:select` of a pin clicked then. */
  private pinNames = new Map<string, string>();
  private search: AbortController | null = null;
  /** Bumped on every (re)start, so answers that arrive for an earlier setup are dropped. */
  private generation = 0;
  private restartQueued = false;
  /**
   * Bumped by every locating and every other search, so a position that arrives late does not replace a newer search.
   */
  private locateRequest = 0;
  /** The host page's address, when the element may keep the search there. */
  private urlState: UrlState | null = null;
  /** What the address asked for at start that needs the project's configuration or the answer: chosen when they come. */
  private pendingType: string | null = null;
  private pendingSelected: string | null = null;
  private readonly restoreFromUrl = (): void => {
    // Back or Forward between two searches of this page: the element starts again from the address.
    if (this.isConnected && this.parts) this.start();
  };

  connectedCallback(): void {
    if (!this.parts) this.start();
  }

  disconnectedCallback(): void {
    this.stop();
    this.parts = null;
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous === next || !this.parts || this.restartQueued) return;
    // Several attributes set in a row restart once.
    this.restartQueued = true;
    queueMicrotask(() => {
      this.restartQueued = false;
      if (this.isConnected) this.start();
    });
  }

  private stop(): void {
    window.removeEventListener('popstate', this.restoreFromUrl);
    this.generation++;
    this.search?.abort();
    this.search = null;
    this.map?.destroy();
    this.map = null;
    this.mapShowing = false;
    this.allPins = null;
  }

  private start(): void {
    this.stop();
    const generation = this.generation;
    const locale = resolveLocale([
      this.closest('[lang]')?.getAttribute('lang'),
      document.documentElement.lang,
      ...navigator.languages,
      navigator.language,
    ]);
    this.t = translator(locale);
    this.selectedFilters = new Set(parseCsvList(this.getAttribute('filters') ?? ''));
    this.openNow = false;
    this.urlState =
      this.getAttribute('url-state') === 'on' ? new UrlState(this.getAttribute('url-prefix') ?? 'locator-') : null;
    const asked: SearchInUrl | null = this.urlState?.read() ?? null;
    if (asked?.filters) this.selectedFilters = new Set(asked.filters);
    this.openNow = asked?.openNow ?? false;
    this.pendingType = asked?.type ?? null;
    this.pendingSelected = asked?.selected ?? null;
    if (this.urlState) window.addEventListener('popstate', this.restoreFromUrl);
    this.lastPlace = null;
    this.lastOrigin = null;
    this.results = [];
    this.shown = 0;
    this.firstView = null;
    this.refinedFirstView = false;
    this.selectedId = null;
    this.config = null;
    this.answeredStatus = this.t.text('prompt');
    this.parts = this.render();
    this.countActiveFilters();

    const key = this.getAttribute('key');
    if (!key) {
      this.api = null;
      this.showError(this.t.text('errorKey'));
      return;
    }
    this.api = new LocatorApi(this.getAttribute('api') || scriptOrigin, key);
    this.configReady = this.api.config().then(
      (config) => {
        if (generation === this.generation) this.applyConfig(config);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.unit = this.chosenUnit('km');
        this.showFailure(error);
      },
    );
    if (this.getAttribute('consent') !== 'click') void this.showMap(false);
    if (asked?.q) {
      this.parts.query.value = asked.q;
      this.parts.openNow.setAttribute('aria-pressed', String(this.openNow));
      void this.runSearch({ kind: 'query', q: asked.q }, true, 'refine');
    } else {
      this.parts.openNow.setAttribute('aria-pressed', String(this.openNow));
      void this.listFirstView(generation);
    }
  }

  /** Before any search, the list holds the stores of the map's first view (every pin), nearest its centre first. */
  private async listFirstView(generation: number): Promise<void> {
    if (!this.api) return;
    this.allPins ??= this.api.locations();
    // A failure is the map's to tell (or the configuration's, under consent=click): the list keeps its prompt.
    const collection = await this.allPins.catch(() => null);
    if (!collection || generation !== this.generation || this.lastPlace || this.search) return;
    const bbox = boundsOfPins(collection);
    if (!bbox) return;
    this.firstView = { kind: 'area', bbox };
    await this.runSearch(this.firstView, false, 'first-view');
  }

  private render(): Parts {
    const t = this.t;
    const query = h('input', {
      // type=text, not search: the field's role stays "textbox", the name the README gives it.
      type: 'text',
      enterkeyhint: 'search',
      class: 'query',
      id: 'locator-query',
      name: 'q',
      autocomplete: 'postal-code',
      placeholder: t.text('searchPlaceholder'),
      maxlength: 200,
      required: true,
    });
    const locate = h(
      'button',
      { type: 'button', class: 'button secondary' },
      h('span', { class: 'locate-icon', 'aria-hidden': 'true' }),
      t.text('useMyLocation'),
    );
    const form = h(
      'form',
      { role: 'search', class: 'search' },
      h('label', { for: 'locator-query', class: 'visually-hidden' }, t.text('searchLabel')),
      query,
      h('button', { type: 'submit', class: 'button primary' }, t.text('search')),
      locate,
    );
    const openNow = this.chip(t.text('openNow'), false);
    const chips = h('div', { role: 'group', 'aria-label': t.text('filters'), class: 'chips' }, openNow);
    const type = h('select', { id: 'locator-type' }, h('option', { value: '' }, t.text('allTypes')));
    const typeField = h(
      'div',
      { class: 'type', hidden: true },
      h('label', { for: 'locator-type' }, t.text('locationType')),
      type,
    );
    const status = h('p', { role: 'status', class: 'status' }, t.text('prompt'));
    const alert = h('div', { role: 'alert', class: 'alert', hidden: true });
    const results = h('ol', { class: 'results', 'aria-label': t.text('results') });
    const more = h('button', { type: 'button', class: 'button secondary more', hidden: true });
    const area = h('button', { type: 'button', class: 'button primary area', hidden: true }, t.text('searchThisArea'));
    const mapPane = h('div', { role: 'region', 'aria-label': t.text('map'), class: 'map-pane' }, area);
    // In a narrow container (a phone) the filters fold behind one button, and the list and the map take turns.
    const refine = h('div', { class: 'refine', id: 'locator-refine' }, chips, typeField);
    const filtersToggle = h('button', {
      type: 'button',
      class: 'button secondary filters-toggle',
      'aria-expanded': 'false',
      'aria-controls': 'locator-refine',
    });
    const showList = h('button', { type: 'button', class: 'view-button', 'aria-pressed': 'true' }, t.text('list'));
    const showMapView = h('button', { type: 'button', class: 'view-button', 'aria-pressed': 'false' }, t.text('map'));
    const layout = h(
      'div',
      { class: 'layout', 'data-view': 'list' },
      h(
        'div',
        { class: 'panel' },
        h('div', { class: 'controls' }, form, filtersToggle, refine),
        alert,
        h(
          'div',
          { class: 'status-bar' },
          status,
          h('div', { role: 'group', 'aria-label': t.text('view'), class: 'view-switch' }, showList, showMapView),
        ),
        h('div', { class: 'list' }, results, more),
      ),
      mapPane,
    );
    const root = h('div', { class: 'finder', lang: t.locale }, layout);

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const q = query.value.trim();
      if (q !== '') void this.runSearch({ kind: 'query', q }, true, 'new');
    });
    locate.addEventListener('click', () => this.useMyLocation());
    openNow.addEventListener('click', () => {
      this.openNow = !this.openNow;
      openNow.setAttribute('aria-pressed', String(this.openNow));
      this.refine();
    });
    type.addEventListener('change', () => this.refine());
    more.addEventListener('click', () => this.showMore(true));
    results.addEventListener('click', (event) => {
      const action = actionOfClick(event);
      const id = event.target instanceof Element ? event.target.closest('li')?.dataset.id : undefined;
      if (action && id) this.count(action, id);
    });
    filtersToggle.addEventListener('click', () => {
      const open = filtersToggle.getAttribute('aria-expanded') !== 'true';
      filtersToggle.setAttribute('aria-expanded', String(open));
      refine.classList.toggle('unfolded', open);
    });
    showList.addEventListener('click', () => this.showView('list'));
    showMapView.addEventListener('click', () => this.showView('map'));
    area.addEventListener('click', () => {
      area.hidden = true;
      if (this.map) void this.runSearch({ kind: 'area', bbox: this.map.bounds() }, false);
    });
    if (this.getAttribute('consent') === 'click') {
      mapPane.append(consentPanel(t, this.tiles(), () => void this.showMap(true)));
    }

    this.shadow.replaceChildren(...stylesFor(this.shadow, mapPaneStyles + styles), root);
    return {
      root,
      form,
      query,
      locate,
      chips,
      openNow,
      typeField,
      type,
      status,
      alert,
      results,
      more,
      mapPane,
      area,
      filtersToggle,
      refine,
      layout,
      showList,
      showMapView,
    };
  }

  /** The narrow layout's List/Map switch. */
  private showView(view: 'list' | 'map'): void {
    const parts = this.parts;
    if (!parts) return;
    parts.layout.dataset.view = view;
    parts.showList.setAttribute('aria-pressed', String(view === 'list'));
    parts.showMapView.setAttribute('aria-pressed', String(view === 'map'));
  }

  /** The folded filters' button names how many are active. */
  private countActiveFilters(): void {
    const parts = this.parts;
    if (!parts) return;
    const active = this.selectedFilters.size + (this.openNow ? 1 : 0) + (parts.type.value ? 1 : 0);
    parts.filtersToggle.replaceChildren(
      this.t.text('filters'),
      ...(active > 0 ? [' ', h('span', { class: 'count' }, String(active))] : []),
    );
  }

  private chip(label: string, pressed: boolean): HTMLButtonElement {
    return h(
      'button',
      { type: 'button', class: 'chip', 'aria-pressed': String(pressed) },
      h('span', { class: 'tick', 'aria-hidden': 'true' }, '✓'),
      label,
    );
  }

  private applyConfig(config: FinderConfig): void {
    const parts = this.parts;
    if (!parts) return;
    this.config = config;
    applyBranding(this, parts.root, config.branding);
    this.unit = this.chosenUnit(config.default_unit);
    // Filters named by the attribute are matched ignoring case, then shown as the project spells them.
    const wanted = new Set([...this.selectedFilters].map((name) => name.toLowerCase()));
    this.selectedFilters = new Set(config.filters.filter((name) => wanted.has(name.toLowerCase())));
    for (const name of config.filters) {
      const chip = this.chip(name, this.selectedFilters.has(name));
      chip.addEventListener('click', () => {
        if (this.selectedFilters.has(name)) this.selectedFilters.delete(name);
        else this.selectedFilters.add(name);
        chip.setAttribute('aria-pressed', String(this.selectedFilters.has(name)));
        this.refine();
      });
      parts.chips.insertBefore(chip, parts.openNow);
    }
    append(parts.type, ...config.location_types.map((name) => h('option', { value: name }, name)));
    parts.typeField.hidden = config.location_types.length === 0;
    if (this.pendingType && config.location_types.includes(this.pendingType)) parts.type.value = this.pendingType;
    this.pendingType = null;
    this.countActiveFilters();
  }

  /** An attribute of the element, else the project's design of it (null when neither says). */
  private attributeOrDesign(name: string, designed: number | null | undefined): string | null {
    return this.getAttribute(name) ?? (designed === null || designed === undefined ? null : String(designed));
  }

  private chosenUnit(projectUnit: Unit): Unit {
    // The element's attribute, else the project's design (the dashboard's widget designer).
    const units = this.getAttribute('units') ?? this.config?.branding.units;
    if (units === 'km' || units === 'mi') return units;
    return autoUnit([this.t.locale, ...navigator.languages, navigator.language], projectUnit);
  }

  private tiles(): string {
    return this.getAttribute('tiles') || DEFAULT_TILES;
  }

  /** A filter, type or "open now" change repeats the last search with it. */
  private refine(): void {
    this.countActiveFilters();
    if (this.lastPlace) void this.runSearch(this.lastPlace, this.lastPlace.kind !== 'area');
    else if (this.firstView) {
      // The visitor chose a filter: from now on the first view's list answers their choice, a search of theirs.
      this.refinedFirstView = true;
      void this.runSearch(this.firstView, false, 'first-view');
    }
  }

  /** Counts a visitor's action with a location, unless the element has `analytics="off"`. */
  private count(action: VisitorAction, locationId: string): void {
    if (this.getAttribute('analytics') !== 'off') this.api?.event(action, locationId);
  }

  private useMyLocation(): void {
    const parts = this.parts;
    if (!parts) return;
    this.clearError();
    if (!('geolocation' in navigator)) {
      this.showError(this.t.text('geoUnavailable'));
      return;
    }
    const generation = this.generation;
    const request = ++this.locateRequest;
    // A search still on its way would otherwise overwrite "Finding your location…" and then be replaced anyway.
    this.search?.abort();
    parts.status.textContent = this.t.text('locating');
    parts.locate.disabled = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (generation !== this.generation || request !== this.locateRequest) return;
        parts.locate.disabled = false;
        void this.runSearch(
          { kind: 'position', lat: position.coords.latitude, lng: position.coords.longitude },
          true,
          'new',
        );
      },
      (error) => {
        if (generation !== this.generation || request !== this.locateRequest) return;
        parts.locate.disabled = false;
        parts.status.textContent = this.answeredStatus;
        this.showError(this.t.text(error.code === error.PERMISSION_DENIED ? 'geoDenied' : 'geoUnavailable'));
        parts.locate.focus();
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  }

  /** The first view's list leaves the map, the status, the address and the host page's events alone. */
  private async runSearch(place: SearchPlace, fit: boolean, kind: SearchKind = 'refine'): Promise<void> {
    const firstView = kind === 'first-view';
    const parts = this.parts;
    const api = this.api;
    if (!parts || !api) return;
    if (place.kind !== 'position' && !firstView) {
      // The visitor searched another way while their position was being found: that search wins.
      this.locateRequest++;
      parts.locate.disabled = false;
    }
    this.search?.abort();
    const search = new AbortController();
    this.search = search;
    this.clearError();
    const statusBefore = this.answeredStatus;
    parts.status.textContent = this.t.text('searching');
    parts.results.setAttribute('aria-busy', 'true');
    await this.configReady;
    if (search.signal.aborted) return;
    const country = this.getAttribute('country') || this.config?.default_country || null;
    try {
      const answer = await api.search(
        place,
        {
          radius: clampNumber(this.attributeOrDesign('radius', this.config?.branding.search_radius), 50, 0.1, 1000),
          unit: this.unit,
          limit: firstView
            ? FIRST_VIEW_LIMIT
            : Math.round(clampNumber(this.attributeOrDesign('limit', this.config?.branding.result_limit), 20, 1, 100)),
          country,
          filters: [...this.selectedFilters],
          types: parts.type.value ? [parts.type.value] : [],
          openNow: this.openNow,
          initial: firstView && !this.refinedFirstView,
        },
        search.signal,
      );
      if (search.signal.aborted) return;
      if (firstView) this.showFirstView(answer);
      else this.showAnswer(place, answer, fit, kind === 'new' ? 'push' : 'replace');
    } catch (error) {
      if (search.signal.aborted) return;
      // The status keeps telling what the list shows; the alert tells what went wrong.
      parts.status.textContent = statusBefore;
      this.showFailure(error);
    } finally {
      if (this.search === search) {
        this.search = null;
        parts.results.removeAttribute('aria-busy');
      }
    }
  }

  private showAnswer(place: SearchPlace, answer: SearchAnswer, fit: boolean, history: 'push' | 'replace'): void {
    const parts = this.parts;
    if (!parts) return;
    const { meta } = answer;
    this.lastPlace = place;
    this.lastOrigin = meta.origin;
    this.showList(answer.data);
    this.answeredStatus = this.statusText(place, answer);
    parts.status.textContent = this.answeredStatus;
    this.map?.showResults(this.resultPins(), place.kind === 'area' ? null : meta.origin, fit);
    this.showLegend(this.results.map((location) => location.marker));
    parts.area.hidden = true;
    this.keepInUrl(history);
    const selected = this.pendingSelected;
    this.pendingSelected = null;
    if (selected && this.results.some((location) => location.id === selected)) this.select(selected, 'map', false);
    const detail: SearchEventDetail = {
      query: place.kind === 'query' ? place.q : null,
      count: meta.count,
      fallback: meta.fallback,
      origin: meta.origin,
    };
    this.dispatchEvent(new CustomEvent('locator:search', { detail, bubbles: true, composed: true }));
  }

  private showFirstView(answer: SearchAnswer): void {
    if (!this.parts) return;
    this.showList(answer.data);
    this.parts.status.textContent = this.answeredStatus;
  }

  private showList(locations: PublicLocation[]): void {
    if (!this.parts) return;
    this.results = locations;
    this.selectedId = null;
    this.shown = 0;
    this.parts.results.replaceChildren();
    this.showMore(false);
  }

  /** Adds the next page of results to the list; `focus` moves the focus to the first of them (the button is gone). */
  private showMore(focus: boolean): void {
    const parts = this.parts;
    if (!parts) return;
    const details = this.getAttribute('details');
    const items = this.results
      .slice(this.shown, this.shown + PAGE_SIZE)
      .map((location) => resultItem(location, this.t, details, (id) => this.select(id, 'list')));
    parts.results.append(...items);
    this.shown += items.length;
    const left = this.results.length - this.shown;
    parts.more.hidden = left <= 0;
    parts.more.textContent = left > 0 ? this.t.plural('showMore', Math.min(left, PAGE_SIZE)) : '';
    if (focus) items[0]?.querySelector('button')?.focus();
  }

  /** The search shown, in the host page's address when it may hold it. */
  private keepInUrl(history: 'push' | 'replace'): void {
    if (!this.urlState || !this.parts) return;
    this.urlState.write(
      {
        q: this.lastPlace?.kind === 'query' ? this.lastPlace.q : null,
        // None selected is written only when the attribute would select some.
        filters: this.selectedFilters.size > 0 || this.getAttribute('filters') ? [...this.selectedFilters] : null,
        type: this.parts.type.value || null,
        openNow: this.openNow,
        selected: this.selectedId,
      },
      history,
    );
  }

  private statusText(place: SearchPlace, { data, meta }: SearchAnswer): string {
    const t = this.t;
    if (place.kind === 'query' && meta.origin === null) return t.text('notFound', { query: place.q });
    if (meta.fallback && meta.origin && place.kind !== 'area') {
      return t.text('fallback', {
        distance: formatDistance(meta.radius, meta.unit, t.locale),
        place: meta.origin.label ?? t.text('yourLocation'),
      });
    }
    if (data.length === 0) {
      if (place.kind === 'area') return t.text('noneInArea');
      if (this.selectedFilters.size > 0 || this.openNow || this.parts?.type.value) return t.text('noneMatch');
    }
    return t.plural('found', data.length);
  }

  private resultPins(): MapPin[] {
    return this.results.map((location) => ({
      id: location.id,
      lat: location.lat,
      lng: location.lng,
      name: location.name,
      color: safeColor(location.marker?.color),
      icon: safeIconUrl(location.marker?.icon_url),
      detail: location.display_address,
    }));
  }

  /** The legend of the markers on the map, in its corner. */
  private showLegend(markers: readonly (Marker | null)[]): void {
    const pane = this.parts?.mapPane;
    if (!pane) return;
    pane.querySelector('.legend')?.remove();
    const legend = markerLegend(markers, this.t);
    if (legend) pane.append(legend);
  }

  /** Selects a location of the list or map; `byVisitor` false for one restored from the address (not counted). */
  private select(id: string, from: 'list' | 'map', byVisitor = true): void {
    const parts = this.parts;
    if (!parts) return;
    if (byVisitor && id !== this.selectedId) this.count('select', id);
    this.selectedId = id;
    const location = this.results.find((result) => result.id === id) ?? null;
    // A pin of a result not listed yet: the list grows to show it.
    const index = location ? this.results.indexOf(location) : -1;
    while (index >= this.shown && this.shown < this.results.length) this.showMore(false);
    for (const item of parts.results.children) {
      if (item instanceof HTMLElement && item.dataset.id === id) {
        item.setAttribute('aria-current', 'true');
        if (from === 'map') this.scrollIntoList(item);
      } else item.removeAttribute('aria-current');
    }
    this.map?.select(id);
    if (this.lastPlace) this.keepInUrl('replace');
    const name = location?.name ?? this.pinNames.get(id) ?? '';
    const detail: SelectEventDetail = { id, name, location };
    this.dispatchEvent(new CustomEvent('locator:select', { detail, bubbles: true, composed: true }));
  }

  /** Scrolls only the list: the host page must not jump when a pin is clicked. */
  private scrollIntoList(item: HTMLElement): void {
    // The list and its "Show more" button scroll together.
    const list = this.parts?.results.parentElement;
    if (!list) return;
    const listBox = list.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    if (itemBox.top < listBox.top || itemBox.bottom > listBox.bottom) list.scrollTop += itemBox.top - listBox.top;
  }

  private async showMap(byVisitor: boolean): Promise<void> {
    const parts = this.parts;
    if (!parts || this.mapShowing) return;
    this.mapShowing = true;
    const generation = this.generation;
    const consent = parts.mapPane.querySelector('.consent');
    const mapModule = await loadMapModule().catch((error: unknown) => {
      // The map's code did not load (offline for a moment): "Show map" stays, and pressing it asks again.
      if (generation === this.generation) {
        this.mapShowing = false;
        this.showFailure(new ApiError('network', null, String(error)));
      }
      return null;
    });
    if (!mapModule || generation !== this.generation) return;
    consent?.remove();
    const container = h('div', { class: 'map' });
    parts.mapPane.prepend(container);
    const map = mapModule.createMap(container, {
      tiles: this.tiles(),
      attribution: this.getAttribute('attribution') || DEFAULT_ATTRIBUTION,
      labels: mapLabels(this.t),
    });
    this.map = map;
    map.onPinClick((id) => this.select(id, 'map'));
    map.onMoveByUser(() => {
      if (this.api) parts.area.hidden = false;
    });
    // The visitor pressed "Show map" and that button is gone: focus goes where the map now is.
    if (byVisitor) container.focus();
    if (this.lastPlace) {
      map.showResults(this.resultPins(), this.lastPlace.kind === 'area' ? null : this.lastOrigin, true);
      if (this.selectedId) map.select(this.selectedId);
    } else {
      await this.showAllPins(map, generation);
    }
  }

  /** Before the first search the map shows every location, clustered. */
  private async showAllPins(map: LocatorMap, generation: number): Promise<void> {
    if (!this.api) return;
    this.allPins ??= this.api.locations();
    const pins = this.allPins;
    let collection: PinCollection;
    try {
      collection = await pins;
    } catch (error) {
      // The map stays, without pins; a failed answer is not kept, so the next showing of the map asks again.
      if (this.allPins === pins) this.allPins = null;
      if (generation === this.generation && !this.lastPlace) this.showFailure(error);
      return;
    }
    if (generation !== this.generation || this.lastPlace) return;
    const configured = new Map((this.config?.markers ?? []).map((marker) => [marker.id, marker]));
    const markerOf = (marker: Marker | null): Marker | null =>
      marker && {
        ...configured.get(marker.id),
        ...marker,
        color: marker.color ?? configured.get(marker.id)?.color ?? null,
      };
    this.pinNames = new Map(collection.features.map((feature) => [feature.properties.id, feature.properties.name]));
    this.showLegend(collection.features.map((feature) => markerOf(feature.properties.marker)));
    map.setPins(
      // `[lng, lat]`, as GeoJSON orders them; the schema says two numbers, the type only an array of numbers.
      collection.features.flatMap(
        ({
          geometry: {
            coordinates: [lng, lat],
          },
          properties,
        }) =>
          lng === undefined || lat === undefined
            ? []
            : [
                {
                  id: properties.id,
                  lat,
                  lng,
                  name: properties.name,
                  color: safeColor(markerOf(properties.marker)?.color),
                  icon: safeIconUrl(markerOf(properties.marker)?.icon_url),
                  detail: properties.type,
                },
              ],
      ),
    );
  }

  private showFailure(error: unknown): void {
    if (!(error instanceof ApiError)) {
      this.showError(this.t.text('errorServer'));
      return;
    }
    const t = this.t;
    if (error.failure === 'origin') {
      // For the site's owner, in the language of the API's messages: which origin to allow, and where.
      console.error(`<locator-finder>: ${error.message}`);
    }
    const messages = {
      network: () => t.text('errorNetwork'),
      key: () => t.text('errorKey'),
      origin: () => t.text('errorOrigin'),
      rate: () => (error.retryAfterSeconds ? t.plural('errorRate', error.retryAfterSeconds) : t.text('errorRateSoon')),
      geocoder: () => t.text('errorGeocoder'),
      invalid: () => t.text('errorInvalid'),
      server: () => t.text('errorServer'),
    } satisfies Record<ApiError['failure'], () => string>;
    this.showError(messages[error.failure]());
  }

  private showError(message: string): void {
    if (!this.parts) return;
    this.parts.alert.textContent = message;
    this.parts.alert.hidden = false;
  }

  private clearError(): void {
    if (!this.parts) return;
    this.parts.alert.textContent = '';
    this.parts.alert.hidden = true;
  }
}
