import type { Geocoder } from './geocoder.ts';

/** The geocoder of `GEOCODER=none`: never answers, so locations keep only the coordinates they are given. */
export function createNoneGeocoder(): Geocoder {
  return { name: 'none', geocode: async () => null };
}
