// Groups pins that would overlap at a zoom level, so thousands of locations stay readable and fast.
import Supercluster from 'supercluster';

export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  name: string;
  color: string | null;
  /** The marker's own image, drawn instead of the coloured pin. */
  icon?: string | null;
  /** A second line in the pin's popup, such as the address. */
  detail?: string | null;
}

export type Bounds = [west: number, south: number, east: number, north: number];

export type Cluster = { kind: 'cluster'; clusterId: number; lat: number; lng: number; count: number };
export type Placed = Cluster | { kind: 'pin'; pin: MapPin };

/** Above this zoom every pin stands alone, so a selected pin is never hidden inside a cluster there. */
export const CLUSTER_MAX_ZOOM = 14;

export class PinClusters {
  private readonly index = new Supercluster<{ id: string }, Record<string, never>>({
    radius: 56,
    maxZoom: CLUSTER_MAX_ZOOM,
  });
  private readonly pins = new Map<string, MapPin>();

  load(pins: readonly MapPin[]): void {
    this.pins.clear();
    for (const pin of pins) this.pins.set(pin.id, pin);
    this.index.load(
      pins.map((pin) => ({
        type: 'Feature' as const,
        properties: { id: pin.id },
        geometry: { type: 'Point' as const, coordinates: [pin.lng, pin.lat] },
      })),
    );
  }

  pin(id: string): MapPin | undefined {
    return this.pins.get(id);
  }

  at(bounds: Bounds, zoom: number): Placed[] {
    if (this.pins.size === 0) return [];
    return this.index.getClusters(bounds, Math.round(zoom)).flatMap((feature): Placed[] => {
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      const properties = feature.properties;
      if ('cluster' in properties && properties.cluster) {
        return [{ kind: 'cluster', clusterId: properties.cluster_id, lat, lng, count: properties.point_count }];
      }
      const pin = 'id' in properties ? this.pins.get(properties.id) : undefined;
      return pin ? [{ kind: 'pin', pin }] : [];
    });
  }

  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }

  /** The lowest zoom, from `zoom` up, at which the pin is drawn on its own. */
  zoomShowing(id: string, zoom: number): number {
    const pin = this.pins.get(id);
    if (!pin) return zoom;
    const around: Bounds = [pin.lng - 1e-6, pin.lat - 1e-6, pin.lng + 1e-6, pin.lat + 1e-6];
    for (let z = Math.round(zoom); z <= CLUSTER_MAX_ZOOM; z++) {
      if (this.at(around, z).some((placed) => placed.kind === 'pin' && placed.pin.id === id)) return Math.max(z, zoom);
    }
    return Math.max(CLUSTER_MAX_ZOOM + 1, zoom);
  }
}
