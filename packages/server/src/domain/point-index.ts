import Flatbush from 'flatbush';
import { type Box, boxAround, distanceKm, EARTH_RADIUS_KM, type Point } from './geo.ts';

/** A point the index found, by the key it was added with, with its exact distance from the search's origin. */
export interface IndexedHit {
  key: number;
  distanceKm: number;
}

export interface NearestQuery {
  origin: Point;
  /** Only points within this distance; every point without it. */
  radiusKm?: number;
  limit: number;
  /** Which points may be returned (a filter, a type, open now), by key. */
  accept: (key: number) => boolean;
  /** Orders points at exactly the same distance (by public ID, say), by key. */
  tieBreak: (a: number, b: number) => number;
}

/**
 * How much wider than the circle the box of the exact pass is: floating-point rounding must never leave out a point
 * that our own measure puts inside.
 */
const BOX_SLACK = 1e-9;

/**
 * How much lower than the cosine of the reach a point's may be and still be measured: a dot product of unit vectors
 * is exact to about 1e-16, and this lets in at most some ten metres more.
 */
const COSINE_SLACK = 1e-12;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

function unitVectorOf({ lat, lng }: Point): [number, number, number] {
  const cosLat = Math.cos(toRadians(lat));
  return [cosLat * Math.cos(toRadians(lng)), cosLat * Math.sin(toRadians(lng)), Math.sin(toRadians(lat))];
}

const WHOLE_GLOBE: Box = { minLat: -90, maxLat: 90, lngRanges: [[-180, 180]] };

/**
 * How far on the plane of longitude and latitude a point within `radiusKm` of `origin` can be (unless it lies across
 * the antimeridian, where the plane puts it far away): the half-diagonal of the box around the circle.
 */
function planarReachOf(origin: Point, radiusKm: number): number {
  if (!Number.isFinite(radiusKm)) return Number.POSITIVE_INFINITY;
  const box = boxAround(origin, radiusKm * (1 + BOX_SLACK) + BOX_SLACK);
  const width = box.lngRanges.reduce((sum, [west, east]) => sum + (east - west), 0);
  if (width >= 360) return Number.POSITIVE_INFINITY;
  return Math.hypot(Math.max(box.maxLat - origin.lat, origin.lat - box.minLat), width / 2);
}

/** Hits of several indexes, or of several passes, as one list in the order of each: distance, then the tie-break. */
export function mergeHits(
  lists: readonly IndexedHit[][],
  limit: number,
  tieBreak: (a: number, b: number) => number,
): IndexedHit[] {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length <= 1) return (nonEmpty[0] ?? []).slice(0, limit);
  return nonEmpty
    .flat()
    .sort((a, b) => a.distanceKm - b.distanceKm || tieBreak(a.key, b.key))
    .slice(0, limit);
}

/** Points as columns: the latitude and longitude of point `i` at `lat[i]` and `lng[i]`, for `count` points. */
export interface PointColumns {
  lat: Float64Array;
  lng: Float64Array;
  count: number;
}

/** Points given as objects, as columns. */
export function columnsOf(points: readonly Point[]): PointColumns {
  const lat = new Float64Array(points.length);
  const lng = new Float64Array(points.length);
  for (const [position, point] of points.entries()) {
    lat[position] = point.lat;
    lng[position] = point.lng;
  }
  return { lat, lng, count: points.length };
}

/**
 * A static spatial index of points (a packed Hilbert R-tree of `flatbush`), each added with a key of the caller's.
 * Answers are exact by our own measure, `distanceKm` (haversine on 6,371.0088 km), ordered by distance then
 * `tieBreak`: the tree's own nearest-neighbour search measures on the plane of longitude and latitude, so it only
 * bounds how far the answer reaches; a second pass takes every point in a box around that reach and measures it.
 * The points are read from the caller's columns, which must not change while the index is used (a million points
 * take some 60 MB here: the tree and the unit vectors, no object per point).
 */
export class PointIndex {
  /** Undefined when the keys are the positions: searches then call `accept` directly. */
  readonly #keys: ArrayLike<number> | undefined;
  readonly #lat: Float64Array;
  readonly #lng: Float64Array;
  readonly #count: number;
  readonly #tree: Flatbush | null;
  /** Each point as a unit vector (x, y, z): whether it is within reach is then a dot product, no trigonometry. */
  readonly #unit: Float64Array;

  /** `keys[i]` names point `i` in every answer; by default a point's position. */
  constructor({ lat, lng, count }: PointColumns, keys?: ArrayLike<number>) {
    if (keys && keys.length !== count) throw new Error('PointIndex needs one key per point');
    this.#keys = keys;
    this.#lat = lat;
    this.#lng = lng;
    this.#count = count;
    this.#unit = new Float64Array(count * 3);
    for (let position = 0; position < count; position += 1)
      this.#unit.set(unitVectorOf({ lat: lat[position] as number, lng: lng[position] as number }), position * 3);
    if (count === 0) {
      this.#tree = null;
      return;
    }
    const tree = new Flatbush(count);
    for (let position = 0; position < count; position += 1) tree.add(lng[position] as number, lat[position] as number);
    tree.finish();
    this.#tree = tree;
  }

  /** An index of points given as objects (copied into columns). */
  static of(points: readonly Point[], keys?: readonly number[]): PointIndex {
    return new PointIndex(columnsOf(points), keys);
  }

  get size(): number {
    return this.#count;
  }

  /** The `limit` nearest accepted points (within the radius when one is given), nearest first. */
  nearest(query: NearestQuery): IndexedHit[] {
    const tree = this.#tree;
    if (!tree || query.limit <= 0) return [];
    const { origin, limit, radiusKm = Number.POSITIVE_INFINITY } = query;
    const accept = this.#byPosition(query.accept);
    // Any `limit` accepted points are at most as far as the farthest of them, so the true nearest `limit` are within
    // that reach; the plane's nearest are a good guess of them, found in a few microseconds. Within a radius, the guess
    // looks no farther than the radius does (so a filter that matches nothing near costs no more than the area).
    const guess = tree.neighbors(origin.lng, origin.lat, limit, planarReachOf(origin, radiusKm), accept);
    const farthestGuessed =
      guess.length === limit
        ? Math.max(...guess.map((position) => distanceKm(origin, this.#point(position))))
        : Number.POSITIVE_INFINITY;
    const reach = Math.min(radiusKm, farthestGuessed);
    if (!Number.isFinite(reach)) return this.#measured(this.#search(WHOLE_GLOBE, accept), query).slice(0, limit);
    // The box's corners hold many more points than the circle when the origin is outside a dense cluster: keep only
    // those within reach as the tree finds them (by the angle between unit vectors, a little generously), measured
    // exactly afterwards.
    const [x, y, z] = unitVectorOf(origin);
    const leastCosine = Math.cos(Math.min(Math.PI, (reach * (1 + BOX_SLACK)) / EARTH_RADIUS_KM)) - COSINE_SLACK;
    const unit = this.#unit;
    const within = (position: number) =>
      x * (unit[3 * position] as number) +
        y * (unit[3 * position + 1] as number) +
        z * (unit[3 * position + 2] as number) >=
        leastCosine && accept(position);
    return this.#measured(this.#search(boxAround(origin, reach * (1 + BOX_SLACK) + BOX_SLACK), within), query)
      .filter((hit) => hit.distanceKm <= reach)
      .slice(0, limit);
  }

  /** The accepted points inside a box, nearest to `query.origin` first, at most `limit`. */
  inBox(box: Box, query: Omit<NearestQuery, 'radiusKm'>): IndexedHit[] {
    if (!this.#tree || query.limit <= 0) return [];
    const accept = this.#byPosition(query.accept);
    return this.#measured(this.#search(box, accept), query).slice(0, query.limit);
  }

  #search(box: Box, accept: (position: number) => boolean): number[] {
    const tree = this.#tree;
    if (!tree) return [];
    const [first, second] = box.lngRanges;
    const found = first ? tree.search(first[0], box.minLat, first[1], box.maxLat, accept) : [];
    return second ? found.concat(tree.search(second[0], box.minLat, second[1], box.maxLat, accept)) : found;
  }

  /** A test of keys as a test of positions in the tree. */
  #byPosition(accept: (key: number) => boolean): (position: number) => boolean {
    const keys = this.#keys;
    return keys ? (position) => accept(keys[position] as number) : accept;
  }

  #point(position: number): Point {
    if (position >= this.#count) throw new Error(`no point at position ${position}`);
    return { lat: this.#lat[position] as number, lng: this.#lng[position] as number };
  }

  #measured(positions: number[], { origin, tieBreak }: Pick<NearestQuery, 'origin' | 'tieBreak'>): IndexedHit[] {
    return positions
      .map((position) => ({
        key: this.#keys?.[position] ?? position,
        distanceKm: distanceKm(origin, this.#point(position)),
      }))
      .sort((a, b) => a.distanceKm - b.distanceKm || tieBreak(a.key, b.key));
  }
}
