// The map, loaded as its own module only when a map is shown: Leaflet, pins coloured by their marker and clusters.
import * as L from 'leaflet';
import leafletStyles from 'leaflet/dist/leaflet.css';
import { safeAttribution } from '../dom.ts';
import { type Bounds, CLUSTER_MAX_ZOOM, type MapPin, PinClusters } from './clusters.ts';
import mapStyles from './map.css';

export type { Bounds, MapPin } from './clusters.ts';

export interface MapLabels {
  zoomIn: string;
  zoomOut: string;
  /** The popup's close button, which Leaflet names "Close popup" in English whatever the page's language. */
  closePopup: string;
  /** Said on the map when its tiles do not load, instead of a grey box. */
  tilesFailed: string;
  /** A cluster's accessible name ("12 locations"). */
  cluster(count: number): string;
  /** The count drawn on a cluster, short enough for its circle ("12", "1.2k"; "1,2k" in German). */
  clusterCount(count: number): string;
}

export interface MapOptions {
  tiles: string;
  /** HTML as the `attribution` attribute gives it: only its text and http(s) links reach the map. */
  attribution: string;
  labels: MapLabels;
}

export interface LocatorMap {
  /** Shows these pins, clustered, and fits the view to them (all locations before the first search). */
  setPins(pins: readonly MapPin[]): void;
  /** Shows a search's results and where it was measured from; `fit` false keeps the view ("search this area"). */
  showResults(pins: readonly MapPin[], origin: { lat: number; lng: number } | null, fit: boolean): void;
  /** Brings the pin into view and opens its popup. */
  select(id: string): void;
  onPinClick(handler: (id: string) => void): void;
  /** Called when the visitor (not the widget) has moved or zoomed the map. */
  onMoveByUser(handler: () => void): void;
  bounds(): Bounds;
  destroy(): void;
}

const STYLE_MARK = 'data-locator-map-styles';

function injectStyles(container: HTMLElement): void {
  const root = container.getRootNode();
  const parent = root instanceof ShadowRoot ? root : document.head;
  if (parent.querySelector(`style[${STYLE_MARK}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(STYLE_MARK, '');
  style.textContent = `${leafletStyles}\n${mapStyles}`;
  parent.prepend(style);
}

/** The pin: the marker's image when it has one, else the pin shape in the marker's colour. */
function pinIcon(pin: MapPin, selected: boolean): L.DivIcon {
  let html: HTMLElement;
  if (pin.icon) {
    const image = document.createElement('img');
    image.className = 'locator-pin-image';
    image.src = pin.icon;
    image.alt = '';
    html = image;
  } else {
    html = document.createElement('span');
    html.className = 'locator-pin-shape';
    if (pin.color) html.style.setProperty('--pin-color', pin.color);
  }
  const width = pin.icon ? 32 : 28;
  return L.divIcon({
    className: `locator-pin${pin.icon ? ' has-image' : ''}${selected ? ' is-selected' : ''}`,
    html,
    iconSize: [width, pin.icon ? 32 : 34],
    iconAnchor: [width / 2, 32],
    popupAnchor: [0, -30],
  });
}

function clusterIcon(count: number, labels: MapLabels): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  const label = document.createElement('span');
  label.textContent = labels.clusterCount(count);
  return L.divIcon({ className: 'locator-cluster', html: label, iconSize: [size, size] });
}

function popupContent(pin: MapPin): HTMLElement {
  const content = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = pin.name;
  content.append(name);
  if (pin.detail) {
    const detail = document.createElement('span');
    detail.textContent = pin.detail;
    content.append(detail);
  }
  return content;
}

export function createMap(container: HTMLElement, options: MapOptions): LocatorMap {
  injectStyles(container);
  const map = L.map(container, { zoomControl: false, worldCopyJump: true, minZoom: 2 }).setView([30, 0], 2);
  L.control.zoom({ zoomInTitle: options.labels.zoomIn, zoomOutTitle: options.labels.zoomOut }).addTo(map);
  const tiles = L.tileLayer(options.tiles, { attribution: safeAttribution(options.attribution), maxZoom: 19 }).addTo(
    map,
  );
  // Tiles that do not load (the tile server is down, refuses the page or is blocked) are said, not left grey; the
  // notice goes once a view's tiles all load.
  const notice = document.createElement('p');
  notice.className = 'locator-map-notice';
  notice.setAttribute('role', 'status');
  notice.hidden = true;
  container.append(notice);
  let failedTiles = 0;
  tiles.on('loading', () => {
    failedTiles = 0;
  });
  tiles.on('tileerror', () => {
    failedTiles += 1;
    notice.textContent = options.labels.tilesFailed;
    notice.hidden = false;
  });
  tiles.on('load', () => {
    if (failedTiles === 0) notice.hidden = true;
  });

  const clusters = new PinClusters();
  const layer = L.layerGroup().addTo(map);
  let originMarker: L.CircleMarker | null = null;
  let selectedId: string | null = null;
  let pinClick: (id: string) => void = () => {};
  let movedByUser: () => void = () => {};

  function draw(): void {
    layer.clearLayers();
    const view = map.getBounds();
    const bounds: Bounds = [
      view.getWest(),
      Math.max(-90, view.getSouth()),
      view.getEast(),
      Math.min(90, view.getNorth()),
    ];
    // Supercluster wants longitudes within ±180; a view wider than the world asks for all of them.
    if (bounds[2] - bounds[0] >= 360) [bounds[0], bounds[2]] = [-180, 180];
    else
      [bounds[0], bounds[2]] = [
        ((((bounds[0] + 180) % 360) + 360) % 360) - 180,
        ((((bounds[2] + 180) % 360) + 360) % 360) - 180,
      ];
    for (const placed of clusters.at(bounds, map.getZoom())) {
      if (placed.kind === 'cluster') {
        const marker = L.marker([placed.lat, placed.lng], {
          icon: clusterIcon(placed.count, options.labels),
          keyboard: false,
          title: options.labels.cluster(placed.count),
        });
        marker.on('click', () =>
          map.setView(
            [placed.lat, placed.lng],
            Math.min(clusters.expansionZoom(placed.clusterId), CLUSTER_MAX_ZOOM + 1),
          ),
        );
        layer.addLayer(marker);
      } else {
        const { pin } = placed;
        // Pins stay out of the Tab order: the results list offers every one of them to the keyboard already.
        const marker = L.marker([pin.lat, pin.lng], {
          icon: pinIcon(pin, pin.id === selectedId),
          keyboard: false,
          title: pin.name,
          riseOnHover: true,
        });
        if (pin.id === selectedId) marker.setZIndexOffset(1000);
        marker.on('click', () => pinClick(pin.id));
        layer.addLayer(marker);
      }
    }
  }

  // Leaflet cannot tell the visitor's moves from the widget's, so the gestures that start one are watched.
  let userGesture = false;
  const markGesture = (): void => {
    userGesture = true;
  };
  map.on('dragstart', markGesture);
  container.addEventListener('wheel', markGesture, { passive: true });
  container.addEventListener('dblclick', markGesture);
  container.addEventListener('keydown', (event) => {
    if (/^(Arrow|\+|-|=|_)/.test(event.key)) markGesture();
  });
  container.querySelector('.leaflet-control-zoom')?.addEventListener('click', markGesture);
  map.on('moveend', () => {
    draw();
    if (userGesture) {
      userGesture = false;
      movedByUser();
    }
  });

  let lastFit: (() => void) | null = null;
  const sized = () => container.clientWidth > 0 && container.clientHeight > 0;
  let hadSize = sized();
  const resizeObserver = new ResizeObserver(() => {
    map.invalidateSize();
    // A map shown after being hidden (the narrow layout's List/Map switch) was fitted at no size: it fits again.
    if (sized() && !hadSize) lastFit?.();
    hadSize = sized();
  });
  resizeObserver.observe(container);

  function fit(pins: readonly MapPin[], origin: { lat: number; lng: number } | null): void {
    lastFit = () => fit(pins, origin);
    const points: L.LatLngExpression[] = pins.map((pin) => [pin.lat, pin.lng]);
    if (origin) points.push([origin.lat, origin.lng]);
    if (points.length === 1 && points[0]) map.setView(points[0], 14);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 14 });
  }

  return {
    setPins(pins) {
      selectedId = null;
      originMarker?.remove();
      originMarker = null;
      map.closePopup();
      clusters.load(pins);
      fit(pins, null);
      draw();
    },
    showResults(pins, origin, shouldFit) {
      selectedId = null;
      map.closePopup();
      clusters.load(pins);
      originMarker?.remove();
      originMarker = origin
        ? L.circleMarker([origin.lat, origin.lng], {
            radius: 7,
            color: '#ffffff',
            weight: 3,
            fillColor: '#1b1f24',
            fillOpacity: 1,
            interactive: false,
          }).addTo(map)
        : null;
      if (shouldFit) fit(pins, origin);
      draw();
    },
    select(id) {
      const pin = clusters.pin(id);
      if (!pin) return;
      selectedId = id;
      const zoom = clusters.zoomShowing(id, map.getZoom());
      if (zoom !== map.getZoom()) map.setView([pin.lat, pin.lng], zoom);
      else map.panTo([pin.lat, pin.lng]);
      draw();
      const popup = L.popup({ offset: [0, -28], autoPanPadding: [24, 24] })
        .setLatLng([pin.lat, pin.lng])
        .setContent(popupContent(pin))
        .openOn(map);
      popup
        .getElement()
        ?.querySelector('.leaflet-popup-close-button')
        ?.setAttribute('aria-label', options.labels.closePopup);
    },
    onPinClick(handler) {
      pinClick = handler;
    },
    onMoveByUser(handler) {
      movedByUser = handler;
    },
    bounds() {
      const view = map.getBounds();
      const clamp = (value: number, limit: number): number => Math.max(-limit, Math.min(limit, value));
      return [
        clamp(view.getWest(), 180),
        clamp(view.getSouth(), 90),
        clamp(view.getEast(), 180),
        clamp(view.getNorth(), 90),
      ];
    },
    destroy() {
      resizeObserver.disconnect();
      map.remove();
    },
  };
}
