/** A point on the globe in degrees. */
export interface Point {
  lat: number;
  lng: number;
}

/** The mean radius of the Earth (IUGG), the sphere distances are measured on. */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine), exact to well under a metre on the sphere. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box of latitudes and one or two longitude ranges (two when it crosses the antimeridian). */
export interface Box {
  minLat: number;
  maxLat: number;
  lngRanges: [number, number][];
}

/**
 * A box holding every point within `radiusKm` of a centre (and some more), for an index or a `between` to narrow a
 * search before distances are measured. Near a pole, or for a radius spanning the globe, it takes every longitude.
 */
export function boxAround(centre: Point, radiusKm: number): Box {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const minLat = centre.lat - (angular * 180) / Math.PI;
  const maxLat = centre.lat + (angular * 180) / Math.PI;
  if (minLat <= -90 || maxLat >= 90)
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lngRanges: [[-180, 180]] };
  const dLng = (Math.asin(Math.min(1, Math.sin(angular) / Math.cos(toRadians(centre.lat)))) * 180) / Math.PI;
  if (dLng >= 180) return { minLat, maxLat, lngRanges: [[-180, 180]] };
  return { minLat, maxLat, lngRanges: lngRangesOf(centre.lng - dLng, centre.lng + dLng) };
}

/** A box given as west, south, east, north (`bbox=`); west > east crosses the antimeridian. */
export function boxOf(west: number, south: number, east: number, north: number): Box {
  return {
    minLat: south,
    maxLat: north,
    lngRanges:
      west <= east
        ? [[west, east]]
        : [
            [west, 180],
            [-180, east],
          ],
  };
}

function lngRangesOf(west: number, east: number): [number, number][] {
  if (west < -180)
    return [
      [west + 360, 180],
      [-180, east],
    ];
  if (east > 180)
    return [
      [west, 180],
      [-180, east - 360],
    ];
  return [[west, east]];
}

/** The middle of a `bbox=` box, where its results are measured from when no point is given. */
export function centreOf(west: number, south: number, east: number, north: number): Point {
  const width = west <= east ? east - west : east + 360 - west;
  const lng = west + width / 2;
  return { lat: (south + north) / 2, lng: lng > 180 ? lng - 360 : lng };
}

/** Countries whose people measure road distances in miles. */
const MILE_COUNTRIES = new Set(['US', 'GB', 'LR', 'MM']);

/** How people in a country (ISO 3166 alpha-2, any case) measure road distances; null when it names none. */
export function distanceUnitOf(country: string | null | undefined): 'km' | 'mi' | null {
  const code = country?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  return MILE_COUNTRIES.has(code) ? 'mi' : 'km';
}
