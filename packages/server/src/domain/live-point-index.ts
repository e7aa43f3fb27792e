import type { Box, Point } from './geo.ts';
import { type IndexedHit, mergeHits, PointIndex } from './point-index.ts';

/** Something with an ID and a place on the globe. */
export interface Placed {
  id: number;
  point: Point;
}

export interface LiveQuery<T> {
  origin: Point;
  /** Only items within this distance; every item without it. */
  radiusKm?: number;
  limit: number;
  /** Which items may be returned (a filter, a type, open now). */
  accept: (item: T) => boolean;
  /** Orders items at exactly the same distance. */
  tieBreak: (a: T, b: T) => number;
}

export interface LiveHit<T> {
  item: T;
  distanceKm: number;
}

/** Changed items go to a small tree of their own until it holds this share of all items (or this many). */
const RECENT_SHARE = 1 / 64;
const RECENT_AT_LEAST = 1_024;

/**
 * Items by ID with a spatial index over their points that takes changes without being built again from scratch: a
 * large tree of the items as they were when it was built, and a small one of those added or changed since, rebuilt at
 * each change (about a millisecond per thousand items). A changed or removed item's old entry in the large tree is
 * only skipped; when the small tree grows past a share of the whole, or a quarter of the large one is skipped, both
 * are built again as one. Searches ask both trees and merge their answers, so they are exact whatever the split.
 */
export class LivePointIndex<T extends Placed> {
  /** Every entry of both trees, by position: the large tree's first, then the small one's; undefined once replaced. */
  #entries: (T | undefined)[] = [];
  #positionOf = new Map<number, number>();
  /** Positions below this are in the large tree. */
  #largeEnd = 0;
  #large = new PointIndex([]);
  #small = new PointIndex([]);
  /** Entries of the large tree that were replaced or removed. */
  #skipped = 0;

  constructor(items: Iterable<T>) {
    this.#rebuild([...items]);
  }

  /** How many items there are. */
  get size(): number {
    return this.#positionOf.size;
  }

  /** The item with this ID, if there is one. */
  get(id: number): T | undefined {
    const position = this.#positionOf.get(id);
    return position === undefined ? undefined : this.#entries[position];
  }

  /** Every item, in no particular order. */
  items(): T[] {
    return this.#entries.filter((entry): entry is T => entry !== undefined);
  }

  /** Adds or replaces `upserts` (by ID) and removes the items of `removedIds`; unknown IDs to remove are ignored. */
  update(upserts: readonly T[], removedIds: Iterable<number>): void {
    for (const id of [...removedIds, ...upserts.map((item) => item.id)]) {
      const position = this.#positionOf.get(id);
      if (position === undefined) continue;
      this.#entries[position] = undefined;
      this.#positionOf.delete(id);
      if (position < this.#largeEnd) this.#skipped += 1;
    }
    for (const item of upserts) {
      if (this.#positionOf.has(item.id)) continue; // the same ID twice in one update: the first one stays
      this.#positionOf.set(item.id, this.#entries.length);
      this.#entries.push(item);
    }
    const smallCount = this.#entries.length - this.#largeEnd;
    if (smallCount > Math.max(RECENT_AT_LEAST, this.size * RECENT_SHARE) || this.#skipped > this.#largeEnd / 4)
      this.#rebuild(this.items());
    else this.#small = this.#treeOf(this.#largeEnd, this.#entries.length);
  }

  /** The `limit` nearest accepted items (within the radius when one is given), nearest first, ties by `tieBreak`. */
  nearest(query: LiveQuery<T>): LiveHit<T>[] {
    const keyed = this.#keyed(query);
    const { origin, limit } = query;
    const radius = query.radiusKm === undefined ? {} : { radiusKm: query.radiusKm };
    const hits = [this.#large, this.#small].map((tree) => tree.nearest({ origin, limit, ...radius, ...keyed }));
    return this.#items(mergeHits(hits, limit, keyed.tieBreak));
  }

  /** The accepted items inside a box, nearest to `query.origin` first, at most `limit`. */
  inBox(box: Box, query: Omit<LiveQuery<T>, 'radiusKm'>): LiveHit<T>[] {
    const keyed = this.#keyed(query);
    const hits = [this.#large, this.#small].map((tree) =>
      tree.inBox(box, { origin: query.origin, limit: query.limit, ...keyed }),
    );
    return this.#items(mergeHits(hits, query.limit, keyed.tieBreak));
  }

  #entry(position: number): T {
    const entry = this.#entries[position];
    if (!entry) throw new Error(`no item at position ${position}`);
    return entry;
  }

  /** The query's item tests as tests of positions; a replaced or removed entry is never accepted. */
  #keyed(query: Pick<LiveQuery<T>, 'accept' | 'tieBreak'>) {
    return {
      accept: (position: number) => {
        const entry = this.#entries[position];
        return entry !== undefined && query.accept(entry);
      },
      tieBreak: (a: number, b: number) => query.tieBreak(this.#entry(a), this.#entry(b)),
    };
  }

  #items(hits: IndexedHit[]): LiveHit<T>[] {
    return hits.map((hit) => ({ item: this.#entry(hit.key), distanceKm: hit.distanceKm }));
  }

  #rebuild(items: T[]): void {
    this.#entries = items;
    this.#positionOf = new Map(items.map((item, position) => [item.id, position]));
    this.#largeEnd = items.length;
    this.#skipped = 0;
    this.#large = new PointIndex(items.map((item) => item.point));
    this.#small = new PointIndex([]);
  }

  /** A tree of the live entries at positions `from` up to `to`, keyed by position. */
  #treeOf(from: number, to: number): PointIndex {
    const positions: number[] = [];
    for (let position = from; position < to; position += 1)
      if (this.#entries[position] !== undefined) positions.push(position);
    return new PointIndex(
      positions.map((position) => this.#entry(position).point),
      positions,
    );
  }
}
