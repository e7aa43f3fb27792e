import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxOf, distanceKm, type Point } from '../../src/domain/geo.ts';
import { PointIndex } from '../../src/domain/point-index.ts';

// The index against a brute force over the same points, with the same measure and the same order (distance, then the
// tie-break): nearest within a radius, nearest anywhere, inside a box; with duplicates, so ties are common.

const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
/** Points near one place, some repeated exactly (a shopping centre's stores share a pin). */
const cluster = fc
  .tuple(point, fc.array(fc.record({ dLat: fc.double({ min: -2, max: 2, noNaN: true }), dLng: fc.double({ min: -2, max: 2, noNaN: true }), copies: fc.integer({ min: 1, max: 30 }) }), { maxLength: 60 }))
  .map(([centre, offsets]) =>
    offsets.flatMap(({ dLat, dLng, copies }) => {
      const at = { lat: Math.max(-90, Math.min(90, centre.lat + dLat)), lng: ((centre.lng + dLng + 540) % 360) - 180 };
      return Array.from({ length: copies }, () => at);
    }),
  );

const byDistanceThenIndex = (origin: Point, points: Point[]) => (a: number, b: number) =>
  distanceKm(origin, points[a] as Point) - distanceKm(origin, points[b] as Point) || a - b;

function bruteNearest(points: Point[], origin: Point, radiusKm: number, limit: number, accept: (i: number) => boolean): number[] {
  return points
    .map((_, i) => i)
    .filter((i) => accept(i) && distanceKm(origin, points[i] as Point) <= radiusKm)
    .sort(byDistanceThenIndex(origin, points))
    .slice(0, limit);
}

describe('PointIndex', () => {
  it('finds what a brute force finds, in its order, within a radius and anywhere', () => {
    fc.assert(
      fc.property(cluster, point, fc.double({ min: 0.01, max: 2000, noNaN: true }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 4 }), (points, far, radiusKm, limit, every) => {
        const index = new PointIndex(points);
        const origin = points[0] ?? far;
        const accept = (i: number) => i % every === 0;
        const query = { origin, limit, accept, tieBreak: (a: number, b: number) => a - b };
        expect(index.nearest({ ...query, radiusKm }).map((hit) => hit.index)).toEqual(bruteNearest(points, origin, radiusKm, limit, accept));
        expect(index.nearest(query).map((hit) => hit.index)).toEqual(bruteNearest(points, origin, Number.POSITIVE_INFINITY, limit, accept));
        expect(index.nearest({ ...query, origin: far }).map((hit) => hit.index)).toEqual(bruteNearest(points, far, Number.POSITIVE_INFINITY, limit, accept));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every point at the distance of the last one kept, ordered by the tie-break', () => {
    const mall = { lat: 30.27, lng: -97.74 };
    const points = [...Array.from({ length: 100 }, () => mall), { lat: 30.2, lng: -97.7 }];
    const index = new PointIndex(points);
    const reversed = index.nearest({ origin: { lat: 30.3, lng: -97.8 }, limit: 5, accept: () => true, tieBreak: (a, b) => b - a });
    expect(reversed.map((hit) => hit.index)).toEqual([99, 98, 97, 96, 95]);
  });

  it('reports exact distances, and a point on the radius is inside', () => {
    const origin = { lat: 51.5, lng: -0.12 };
    const points = [{ lat: 51.6, lng: -0.12 }];
    const exact = distanceKm(origin, points[0] as Point);
    const index = new PointIndex(points);
    const query = { origin, limit: 1, accept: () => true, tieBreak: () => 0 };
    expect(index.nearest({ ...query, radiusKm: exact })).toEqual([{ index: 0, distanceKm: exact }]);
    expect(index.nearest({ ...query, radiusKm: exact - 1e-9 })).toEqual([]);
  });

  it('finds the points inside a box, also across the antimeridian, nearest to the origin first', () => {
    fc.assert(
      fc.property(cluster, point, point, fc.integer({ min: 1, max: 50 }), (points, corner, other, limit) => {
        const [south, north] = corner.lat < other.lat ? [corner.lat, other.lat] : [other.lat, corner.lat];
        const box = boxOf(corner.lng, south, other.lng, north);
        const origin = points[0] ?? corner;
        const inside = (p: Point) => p.lat >= south && p.lat <= north && (corner.lng <= other.lng ? p.lng >= corner.lng && p.lng <= other.lng : p.lng >= corner.lng || p.lng <= other.lng);
        const expected = points
          .map((_, i) => i)
          .filter((i) => inside(points[i] as Point))
          .sort(byDistanceThenIndex(origin, points))
          .slice(0, limit);
        const index = new PointIndex(points);
        expect(index.inBox(box, { origin, limit, accept: () => true, tieBreak: (a, b) => a - b }).map((hit) => hit.index)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('answers nothing from no points', () => {
    const index = new PointIndex([]);
    expect(index.nearest({ origin: { lat: 0, lng: 0 }, limit: 10, accept: () => true, tieBreak: () => 0 })).toEqual([]);
  });
});
