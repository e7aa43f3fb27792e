import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';

// The store's map: Leaflet with the server's tiles and one draggable pin. Loaded with import() by map-pin.tsx only,
// so the dashboard's first screen never carries Leaflet.

export interface PinMap {
  /** Moves the pin (and the view to it); null hides it. */
  place(point: { lat: number; lng: number } | null): void;
  remove(): void;
}

const WORLD: L.LatLngExpression = [20, 0];

export function openPinMap(
  element: HTMLElement,
  options: {
    tiles: { tile_url: string; attribution: string };
    point: { lat: number; lng: number } | null;
    draggable: boolean;
    pinLabel: string;
    onMove: (point: { lat: number; lng: number }) => void;
  },
): PinMap {
  const map = L.map(element, { zoomControl: true, attributionControl: true }).setView(
    options.point ?? WORLD,
    options.point ? 15 : 2,
  );
  L.tileLayer(options.tiles.tile_url, { attribution: options.tiles.attribution, maxZoom: 19 }).addTo(map);
  // A pin of our own (no image files to find): a dot with the store's name for assistive technology.
  const icon = L.divIcon({
    className: 'store-pin',
    html: '<span></span>',
    iconSize: [22, 22],
    iconAnchor: [11, 22],
  });
  let marker: L.Marker | undefined;
  const place = (point: { lat: number; lng: number } | null) => {
    if (!point) {
      marker?.remove();
      marker = undefined;
      return;
    }
    if (!marker) {
      marker = L.marker(point, { icon, draggable: options.draggable, title: options.pinLabel, alt: options.pinLabel });
      marker.on('dragend', () => {
        const at = marker?.getLatLng();
        if (at) options.onMove({ lat: at.lat, lng: at.lng });
      });
      marker.addTo(map);
    } else marker.setLatLng(point);
    // A pin found or typed far away, or on the world map opened without one, is shown up close, where it can be moved.
    if (map.getZoom() < 15 || !map.getBounds().contains(point)) map.setView(point, Math.max(map.getZoom(), 15));
  };
  place(options.point);
  return { place, remove: () => map.remove() };
}
