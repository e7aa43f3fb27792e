import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { distanceKm, EARTH_RADIUS_KM, type Box, type Point } from './geo.ts';

/** The sphere geokdbush measures on; its distances are ours scaled by the ratio of the radii. */
const GEOKDBUSH_RADIUS_KM = 6371;

/** How far geokdbush's search reaches past the radius, so that its rounding never loses a point ours keeps. */
const REACH_SLACK = 1e-9;

/** A point the index found, by its position in the list the index was built from, with its exact distance. */
export interface IndexedHit {
  index: number;
  distanceKm: number;
}

export interface NearestQuery {
  origin: Point;
  /** Only points within this distance; every point without it. */
  radiusKm?: number;
  limit: number;
  /** Which points may be returned (a filter, a type, open now). */
  accept: (index: number) => boolean;
  /** Orders points at exactly the same distance (by public ID, say). */
  tieBreak: (a: number, b: number) => number;
}

/**
 * A static spatial index of points (a KD-tree of `kdbush`, searched nearest-first by `geokdbush`). Results are exact
 * by our own measure: distances are `distanceKm` (haversine on 6,371.0088 km), and order is distance, then
 * `tieBreak`, whatever the order geokdbush's own rounding gives.
 */
export class PointIndex {
  readonly #points: readonly Point[];
  readonly #tree: KDBush | null;

  constructor(points: readonly Point[]) {
    this.#points = points;
    if (points.length === 0) {
      this.#tree = null;
      return;
    }
    const tree = new KDBush(points.length);
    for (const point of points) tree.add(point.lng, point.lat);
    this.#tree = tree.finish();
  }

  get size(): number {
    return this.#points.length;
  }

  /** The `limit` nearest accepted points (within the radius when one is given), nearest first. */
  nearest(query: NearestQuery): IndexedHit[] {
    const tree = this.#tree;
    if (!tree || query.limit <= 0) return [];
    const { origin, radiusKm = Number.POSITIVE_INFINITY, limit } = query;
    const reach = Number.isFinite(radiusKm) ? (radiusKm / EARTH_RADIUS_KM) * GEOKDBUSH_RADIUS_KM * (1 + REACH_SLACK) + REACH_SLACK : undefined;
    // A few more than the limit, so that points at the same distance as the last one kept are all seen and ordered by
    // `tieBreak`; more again in the rare case that many share it (a shopping centre's stores at one pin).
    for (let wanted = limit + 16; ; wanted *= 4) {
      const found = around(tree, origin.lng, origin.lat, wanted, reach, query.accept);
      const hits = this.#measured(found, query).filter((hit) => hit.distanceKm <= radiusKm);
      if (found.length < wanted) return hits.slice(0, limit);
      const farthestFound = distanceKm(origin, this.#point(found[found.length - 1] ?? 0));
      const lastKept = hits[limit - 1];
      if (lastKept && lastKept.distanceKm < farthestFound - REACH_SLACK) return hits.slice(0, limit);
    }
  }

  /** The accepted points inside a box, nearest to `query.origin` first, at most `limit`. */
  inBox(box: Box, query: Omit<NearestQuery, 'radiusKm'>): IndexedHit[] {
    const tree = this.#tree;
    if (!tree || query.limit <= 0) return [];
    const found = box.lngRanges.flatMap(([west, east]) => tree.range(west, box.minLat, east, box.maxLat)).filter(query.accept);
    return this.#measured(found, query).slice(0, query.limit);
  }

  #point(index: number): Point {
    const point = this.#points[index];
    if (!point) throw new Error(`no point at index ${index}`);
    return point;
  }

  #measured(indexes: number[], { origin, tieBreak }: Pick<NearestQuery, 'origin' | 'tieBreak'>): IndexedHit[] {
    return indexes
      .map((index) => ({ index, distanceKm: distanceKm(origin, this.#point(index)) }))
      .sort((a, b) => a.distanceKm - b.distanceKm || tieBreak(a.index, b.index));
  }
}
