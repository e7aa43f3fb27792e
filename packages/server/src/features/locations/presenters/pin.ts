import type { LocationView } from '../location-reads.repository.ts';
import type { PinFeature } from '../schemas/public-location.ts';
import { markerOf } from './location-v2.ts';

/** The location as a map's pin: a GeoJSON point with its ID, name, marker and type. */
export function pinOf({ record: r }: Pick<LocationView, 'record'>): PinFeature {
  return {
    type: 'Feature',
    id: r.public_id,
    geometry: { type: 'Point', coordinates: [r.lng ?? 0, r.lat ?? 0] },
    properties: { id: r.public_id, name: r.name, marker: markerOf(r), type: r.type_name },
  };
}
