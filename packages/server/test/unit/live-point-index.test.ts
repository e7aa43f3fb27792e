import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceKm, type Point } from '../../src/domain/geo.ts';
import { type IndexRow, LivePointIndex } from '../../src/domain/live-point-index.ts';

// The index after any sequence of changes against a brute force over the items as they are then: the same nearest
// items, in the same order (distance, then name, here the zero-padded ID), within a radius and anywhere, and the same
// items inside a box.

interface Item {
  id: number;
  point: Point;
  tag: number;
}

const near = fc.record({
  lat: fc.double({ min: 40, max: 41, noNaN: true }),
  lng: fc.double({ min: -74.5, max: -73.5, noNaN: true }),
});
const item = fc.record({ id: fc.integer({ min: 1, max: 400 }), point: near, tag: fc.integer({ min: 0, max: 2 }) });
const change = fc.record({
  upserts: fc.uniqueArray(item, { selector: (i) => i.id, maxLength: 40 }),
  removals: fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 20 }),
});

/** An item as a row of the index: its name orders as its ID, its one code is its tag. */
const rowOf = (i: Item): IndexRow => ({
  id: i.id,
  lat: i.point.lat,
  lng: i.point.lng,
  name: String(i.id).padStart(6, '0'),
  codes: [i.tag],
});
const rowsOf = (items: readonly Item[]) => items.map(rowOf);

const byDistanceThenId = (origin: Point) => (a: Item, b: Item) =>
  distanceKm(origin, a.point) - distanceKm(origin, b.point) || a.id - b.id;

function bruteNearest(
  items: Iterable<Item>,
  origin: Point,
  radiusKm: number,
  limit: number,
  accept: (i: Item) => boolean,
): number[] {
  return [...items]
    .filter((i) => accept(i) && distanceKm(origin, i.point) <= radiusKm)
    .sort(byDistanceThenId(origin))
    .slice(0, limit)
    .map((i) => i.id);
}

describe('LivePointIndex', () => {
  it('answers what a brute force over the current items answers, after any changes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { selector: (i) => i.id, maxLength: 200 }),
        fc.array(change, { maxLength: 12 }),
        near,
        fc.double({ min: 0.5, max: 80, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (initial, changes, origin, radiusKm, limit) => {
          const index = LivePointIndex.of(1, rowsOf(initial));
          const current = new Map(initial.map((i) => [i.id, i]));
          const accept = (i: Item) => i.tag !== 1;
          const query = { origin, limit, accept: (codes: Int32Array, at: number) => codes[at] !== 1 };
          for (const { upserts, removals } of changes) {
            index.update(rowsOf(upserts), removals);
            for (const id of removals) current.delete(id);
            for (const upsert of upserts) current.set(upsert.id, upsert);
            expect(index.size).toBe(current.size);
            expect(index.nearest({ ...query, radiusKm }).map((hit) => hit.id)).toEqual(
              bruteNearest(current.values(), origin, radiusKm, limit, accept),
            );
          }
          expect(index.nearest(query).map((hit) => hit.id)).toEqual(
            bruteNearest(current.values(), origin, Number.POSITIVE_INFINITY, limit, accept),
          );
          const box = { minLat: 40.2, maxLat: 40.8, lngRanges: [[-74.3, -73.9]] as [number, number][] };
          const inside = [...current.values()].filter(
            (i) => i.point.lat >= 40.2 && i.point.lat <= 40.8 && i.point.lng >= -74.3 && i.point.lng <= -73.9,
          );
          expect(index.inBox(box, query).map((hit) => hit.id)).toEqual(
            bruteNearest(inside, origin, Number.POSITIVE_INFINITY, limit, accept),
          );
          for (const [id, i] of current) expect(index.get(id)).toEqual(rowOf(i));
          let visited = 0;
          index.forEachCodes(() => {
            visited += 1;
          });
          expect(visited).toBe(current.size);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('stays exact when many changes at once send everything to one tree again', () => {
    const points = (count: number, offset: number) =>
      Array.from({ length: count }, (_, n) => ({
        id: n + offset,
        point: { lat: 40 + (n % 97) / 100, lng: -74 + (n % 89) / 100 },
        tag: 0,
      }));
    const index = LivePointIndex.of(1, rowsOf(points(3_000, 0)));
    index.update(rowsOf(points(2_000, 2_000)), [5, 6, 7]);
    const origin = { lat: 40.5, lng: -73.6 };
    const expected = bruteNearest(
      [...points(2_000, 0).filter((i) => ![5, 6, 7].includes(i.id)), ...points(2_000, 2_000)],
      origin,
      30,
      25,
      () => true,
    );
    expect(index.size).toBe(3_997);
    expect(index.nearest({ origin, radiusKm: 30, limit: 25, accept: () => true }).map((hit) => hit.id)).toEqual(
      expected,
    );
  });
});
