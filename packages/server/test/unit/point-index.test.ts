import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxOf, distanceKm, type Point } from '../../src/domain/geo.ts';
import { mergeHits, PointIndex } from '../../src/domain/point-index.ts';

// The index against a brute force over the same points, with the same measure and the same order (distance, then the
// tie-break): nearest within a radius, nearest anywhere, inside a box; with duplicates, so ties are common.

const point = fc.record({
  lat: fc.double({ min: -89, max: 89, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
/** Points near one place, some repeated exactly (a shopping centre's stores share a pin). */
const cluster = fc
  .tuple(
    point,
    fc.array(
      fc.record({
        dLat: fc.double({ min: -2, max: 2, noNaN: true }),
        dLng: fc.double({ min: -2, max: 2, noNaN: true }),
        copies: fc.integer({ min: 1, max: 30 }),
      }),
      { maxLength: 60 },
    ),
  )
  .map(([centre, offsets]) =>
    offsets.flatMap(({ dLat, dLng, copies }) => {
      const at = { lat: Math.max(-90, Math.min(90, centre.lat + dLat)), lng: ((centre.lng + dLng + 540) % 360) - 180 };
      return Array.from({ length: copies }, () => at);
    }),
  );

const byDistanceThenIndex = (origin: Point, points: Point[]) => (a: number, b: number) =>
  distanceKm(origin, points[a] as Point) - distanceKm(origin, points[b] as Point) || a - b;

function bruteNearest(
  points: Point[],
  origin: Point,
  radiusKm: number,
  limit: number,
  accept: (i: number) => boolean,
): number[] {
  return points
    .map((_, i) => i)
    .filter((i) => accept(i) && distanceKm(origin, points[i] as Point) <= radiusKm)
    .sort(byDistanceThenIndex(origin, points))
    .slice(0, limit);
}

describe('PointIndex', () => {
  it('finds what a brute force finds, in its order, within a radius and anywhere', () => {
    fc.assert(
      fc.property(
        cluster,
        point,
        fc.double({ min: 0.01, max: 2000, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (points, far, radiusKm, limit, every) => {
          const index = PointIndex.of(points);
          const origin = points[0] ?? far;
          const accept = (i: number) => i % every === 0;
          const query = { origin, limit, accept, tieBreak: (a: number, b: number) => a - b };
          expect(index.nearest({ ...query, radiusKm }).map((hit) => hit.key)).toEqual(
            bruteNearest(points, origin, radiusKm, limit, accept),
          );
          expect(index.nearest(query).map((hit) => hit.key)).toEqual(
            bruteNearest(points, origin, Number.POSITIVE_INFINITY, limit, accept),
          );
          expect(index.nearest({ ...query, origin: far }).map((hit) => hit.key)).toEqual(
            bruteNearest(points, far, Number.POSITIVE_INFINITY, limit, accept),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds what a brute force finds among points anywhere on the globe, near the poles and across the antimeridian', () => {
    const anywhere = fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(anywhere, { maxLength: 300 }),
        anywhere,
        fc.double({ min: 1, max: 20_000, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (points, origin, radiusKm, limit) => {
          const index = PointIndex.of(points);
          const query = {
            origin,
            limit,
            accept: (i: number) => i % 3 !== 1,
            tieBreak: (a: number, b: number) => a - b,
          };
          expect(index.nearest({ ...query, radiusKm }).map((hit) => hit.key)).toEqual(
            bruteNearest(points, origin, radiusKm, limit, query.accept),
          );
          expect(index.nearest(query).map((hit) => hit.key)).toEqual(
            bruteNearest(points, origin, Number.POSITIVE_INFINITY, limit, query.accept),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers and asks by the keys it was given', () => {
    const points = [
      { lat: 10, lng: 10 },
      { lat: 10.1, lng: 10 },
      { lat: 10.2, lng: 10 },
    ];
    const index = PointIndex.of(points, [70, 50, 60]);
    const hits = index.nearest({
      origin: { lat: 10, lng: 10 },
      limit: 3,
      accept: (key) => key !== 50,
      tieBreak: (a, b) => a - b,
    });
    expect(hits.map((hit) => hit.key)).toEqual([70, 60]);
  });

  it('keeps every point at the distance of the last one kept, ordered by the tie-break', () => {
    const mall = { lat: 30.27, lng: -97.74 };
    const points = [...Array.from({ length: 100 }, () => mall), { lat: 30.2, lng: -97.7 }];
    const index = PointIndex.of(points);
    const reversed = index.nearest({
      origin: { lat: 30.3, lng: -97.8 },
      limit: 5,
      accept: () => true,
      tieBreak: (a, b) => b - a,
    });
    expect(reversed.map((hit) => hit.key)).toEqual([99, 98, 97, 96, 95]);
  });

  it('reports exact distances, and a point on the radius is inside', () => {
    const origin = { lat: 51.5, lng: -0.12 };
    const points = [{ lat: 51.6, lng: -0.12 }];
    const exact = distanceKm(origin, points[0] as Point);
    const index = PointIndex.of(points);
    const query = { origin, limit: 1, accept: () => true, tieBreak: () => 0 };
    expect(index.nearest({ ...query, radiusKm: exact })).toEqual([{ key: 0, distanceKm: exact }]);
    expect(index.nearest({ ...query, radiusKm: exact - 1e-9 })).toEqual([]);
  });

  it('finds the points inside a box, also across the antimeridian, nearest to the origin first', () => {
    fc.assert(
      fc.property(cluster, point, point, fc.integer({ min: 1, max: 50 }), (points, corner, other, limit) => {
        const [south, north] = corner.lat < other.lat ? [corner.lat, other.lat] : [other.lat, corner.lat];
        const box = boxOf(corner.lng, south, other.lng, north);
        const origin = points[0] ?? corner;
        const inside = (p: Point) =>
          p.lat >= south &&
          p.lat <= north &&
          (corner.lng <= other.lng
            ? p.lng >= corner.lng && p.lng <= other.lng
            : p.lng >= corner.lng || p.lng <= other.lng);
        const expected = points
          .map((_, i) => i)
          .filter((i) => inside(points[i] as Point))
          .sort(byDistanceThenIndex(origin, points))
          .slice(0, limit);
        const index = PointIndex.of(points);
        expect(
          index.inBox(box, { origin, limit, accept: () => true, tieBreak: (a, b) => a - b }).map((hit) => hit.key),
        ).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('answers nothing from no points', () => {
    const index = PointIndex.of([]);
    expect(index.nearest({ origin: { lat: 0, lng: 0 }, limit: 10, accept: () => true, tieBreak: () => 0 })).toEqual([]);
  });

  it('merges the hits of several indexes in distance order, ties by the tie-break, up to the limit', () => {
    const merged = mergeHits(
      [
        [
          { key: 1, distanceKm: 1 },
          { key: 4, distanceKm: 3 },
        ],
        [],
        [
          { key: 2, distanceKm: 1 },
          { key: 3, distanceKm: 2 },
        ],
      ],
      3,
      (a, b) => b - a,
    );
    expect(merged).toEqual([
      { key: 2, distanceKm: 1 },
      { key: 1, distanceKm: 1 },
      { key: 3, distanceKm: 2 },
    ]);
  });
});
