import type { Box, Point } from './geo.ts';
import { type IndexedHit, PointIndex } from './point-index.ts';

/** A row of the index: an ID, a place, the name that orders equal distances, and the caller's small integers. */
export interface IndexRow {
  id: number;
  lat: number;
  lng: number;
  /** Orders rows at exactly the same distance (a public ID, say). */
  name: string;
  /** The index's `width` small integers of the row, which searches test (the codes of a type, a filter set...). */
  codes: readonly number[];
}

/** A row a search found, with its exact distance from the search's origin. */
export interface IndexHit {
  id: number;
  name: string;
  distanceKm: number;
  codes: number[];
}

export interface LiveQuery {
  origin: Point;
  /** Only rows within this distance; every row without it. */
  radiusKm?: number;
  limit: number;
  /** Which rows may be returned (a filter, a type, open now), by their codes: `codes[at]` up to `codes[at + width]`. */
  accept: (codes: Int32Array, at: number) => boolean;
}

/** Changed rows go to a small tree of their own until it holds this share of all rows (or this many). */
const RECENT_SHARE = 1 / 64;
const RECENT_AT_LEAST = 1_024;

/** Distance, then name. */
const byDistanceThenName = (a: IndexHit, b: IndexHit) =>
  a.distanceKm - b.distanceKm || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Rows that never change, as columns in ID order: no object per row, so a million take about 170 MB (the IDs,
 * places, codes and names, and the tree over the places).
 */
class FrozenRows {
  readonly count: number;
  readonly ids: Float64Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  readonly codes: Int32Array;
  readonly names: string[];
  /** 0 once a row was replaced or removed: it is only skipped, never taken out of the tree. */
  readonly live: Uint8Array;
  readonly tree: PointIndex;

  constructor(columns: Pick<FrozenRows, 'count' | 'ids' | 'lat' | 'lng' | 'codes' | 'names'>) {
    this.count = columns.count;
    this.ids = columns.ids;
    this.lat = columns.lat;
    this.lng = columns.lng;
    this.codes = columns.codes;
    this.names = columns.names;
    this.live = new Uint8Array(this.count).fill(1);
    this.tree = new PointIndex(this);
  }

  /** The position of the row with this ID (live or not), by bisection of the IDs. */
  positionOf(id: number): number | undefined {
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.ids[middle] as number;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  row(position: number, width: number): IndexRow {
    return {
      id: this.ids[position] as number,
      lat: this.lat[position] as number,
      lng: this.lng[position] as number,
      name: this.names[position] as string,
      codes: Array.from(this.codes.subarray(position * width, (position + 1) * width)),
    };
  }
}

/** Collects rows in ascending ID order into columns, growing them as rows come, for a `LivePointIndex`. */
export class LivePointIndexBuilder {
  readonly #width: number;
  #count = 0;
  #ids = new Float64Array(1024);
  #lat = new Float64Array(1024);
  #lng = new Float64Array(1024);
  #codes: Int32Array;
  readonly #names: string[] = [];

  constructor(width: number) {
    this.#width = width;
    this.#codes = new Int32Array(1024 * width);
  }

  /** Adds a row; IDs must come in ascending order. */
  add(row: IndexRow): void {
    const at = this.#count;
    if (at > 0 && (this.#ids[at - 1] as number) >= row.id) throw new Error('rows must come in ascending ID order');
    if (at === this.#ids.length) this.#grow(at * 2);
    this.#ids[at] = row.id;
    this.#lat[at] = row.lat;
    this.#lng[at] = row.lng;
    this.#codes.set(row.codes, at * this.#width);
    this.#names.push(row.name);
    this.#count = at + 1;
  }

  /** The index of the rows added, its columns cut to their size. */
  finish(): LivePointIndex {
    this.#grow(this.#count);
    return new LivePointIndex(
      this.#width,
      new FrozenRows({
        count: this.#count,
        ids: this.#ids,
        lat: this.#lat,
        lng: this.#lng,
        codes: this.#codes,
        names: this.#names,
      }),
    );
  }

  #grow(capacity: number): void {
    const copy = <T extends Float64Array | Int32Array>(from: T, to: T) => {
      to.set(from.subarray(0, Math.min(from.length, to.length)));
      return to;
    };
    this.#ids = copy(this.#ids, new Float64Array(capacity));
    this.#lat = copy(this.#lat, new Float64Array(capacity));
    this.#lng = copy(this.#lng, new Float64Array(capacity));
    this.#codes = copy(this.#codes, new Int32Array(capacity * this.#width));
  }
}

/**
 * Rows by ID with a spatial index over their places that takes changes without being built again from scratch: a
 * large frozen set of the rows as they were when it was built (columns in typed arrays, no object per row), and a
 * small one of those added or changed since, rebuilt at each change (about a millisecond per thousand rows). A
 * changed or removed row's old entry in the large set is only skipped; when the small set grows past a share of the
 * whole, or a quarter of the large one is skipped, both are built again as one. Searches ask both and merge their
 * answers, so they are exact whatever the split. Equal distances are ordered by the rows' names.
 */
export class LivePointIndex {
  readonly width: number;
  #frozen: FrozenRows;
  #frozenLive: number;
  /** Rows added or changed since the frozen set was built, by ID. */
  #recent = new Map<number, IndexRow>();
  #recentRows: IndexRow[] = [];
  #recentCodes = new Int32Array(0);
  #recentTree = PointIndex.of([]);

  constructor(width: number, frozen?: FrozenRows) {
    this.width = width;
    this.#frozen = frozen ?? new LivePointIndexBuilder(width).finish().#frozen;
    this.#frozenLive = this.#frozen.count;
  }

  /** An index of these rows, in any order. */
  static of(width: number, rows: Iterable<IndexRow>): LivePointIndex {
    const builder = new LivePointIndexBuilder(width);
    for (const row of [...rows].sort((a, b) => a.id - b.id)) builder.add(row);
    return builder.finish();
  }

  /** How many rows there are. */
  get size(): number {
    return this.#frozenLive + this.#recent.size;
  }

  /** The row with this ID, if there is one. */
  get(id: number): IndexRow | undefined {
    const recent = this.#recent.get(id);
    if (recent) return recent;
    const position = this.#frozen.positionOf(id);
    return position !== undefined && this.#frozen.live[position] === 1
      ? this.#frozen.row(position, this.width)
      : undefined;
  }

  /** Calls `visit` with the codes of every row (`codes[at]`...), in no particular order. */
  forEachCodes(visit: (codes: Int32Array, at: number) => void): void {
    const frozen = this.#frozen;
    const { width } = this;
    for (let position = 0; position < frozen.count; position += 1)
      if (frozen.live[position] === 1) visit(frozen.codes, position * width);
    for (let n = 0; n < this.#recentRows.length; n += 1) visit(this.#recentCodes, n * width);
  }

  /** Adds or replaces `upserts` (by ID) and removes the rows of `removedIds`; unknown IDs to remove are ignored. */
  update(upserts: readonly IndexRow[], removedIds: Iterable<number>): void {
    const frozen = this.#frozen;
    for (const id of [...removedIds, ...upserts.map((row) => row.id)]) {
      if (this.#recent.delete(id)) continue;
      const position = frozen.positionOf(id);
      if (position !== undefined && frozen.live[position] === 1) {
        frozen.live[position] = 0;
        this.#frozenLive -= 1;
      }
    }
    for (const row of upserts) if (!this.#recent.has(row.id)) this.#recent.set(row.id, row); // the first of an ID stays
    const skipped = frozen.count - this.#frozenLive;
    if (this.#recent.size > Math.max(RECENT_AT_LEAST, this.size * RECENT_SHARE) || skipped > frozen.count / 4)
      this.#rebuild();
    else this.#rebuildRecent();
  }

  /** The `limit` nearest accepted rows (within the radius when one is given), nearest first, then by name. */
  nearest(query: LiveQuery): IndexHit[] {
    const { origin, limit } = query;
    const radius = query.radiusKm === undefined ? {} : { radiusKm: query.radiusKm };
    return this.#merged(
      this.#frozen.tree.nearest({ origin, limit, ...radius, ...this.#frozenTests(query) }),
      this.#recentTree.nearest({ origin, limit, ...radius, ...this.#recentTests(query) }),
      limit,
    );
  }

  /** The accepted rows inside a box, nearest to `query.origin` first, at most `limit`. */
  inBox(box: Box, query: Omit<LiveQuery, 'radiusKm'>): IndexHit[] {
    const { origin, limit } = query;
    return this.#merged(
      this.#frozen.tree.inBox(box, { origin, limit, ...this.#frozenTests(query) }),
      this.#recentTree.inBox(box, { origin, limit, ...this.#recentTests(query) }),
      limit,
    );
  }

  #frozenTests(query: Pick<LiveQuery, 'accept'>) {
    const { live, codes, names } = this.#frozen;
    const { width } = this;
    return {
      accept: (position: number) => live[position] === 1 && query.accept(codes, position * width),
      tieBreak: (a: number, b: number) => ((names[a] as string) < (names[b] as string) ? -1 : 1),
    };
  }

  #recentTests(query: Pick<LiveQuery, 'accept'>) {
    const rows = this.#recentRows;
    const codes = this.#recentCodes;
    const { width } = this;
    return {
      accept: (n: number) => query.accept(codes, n * width),
      tieBreak: (a: number, b: number) => ((rows[a] as IndexRow).name < (rows[b] as IndexRow).name ? -1 : 1),
    };
  }

  #merged(frozen: IndexedHit[], recent: IndexedHit[], limit: number): IndexHit[] {
    const { width } = this;
    const hits: IndexHit[] = frozen.map(({ key, distanceKm }) => ({
      id: this.#frozen.ids[key] as number,
      name: this.#frozen.names[key] as string,
      distanceKm,
      codes: Array.from(this.#frozen.codes.subarray(key * width, (key + 1) * width)),
    }));
    for (const { key, distanceKm } of recent) {
      const row = this.#recentRows[key] as IndexRow;
      hits.push({ id: row.id, name: row.name, distanceKm, codes: [...row.codes] });
    }
    return recent.length === 0 ? hits : hits.sort(byDistanceThenName).slice(0, limit);
  }

  #rebuildRecent(): void {
    const rows = [...this.#recent.values()];
    const codes = new Int32Array(rows.length * this.width);
    for (const [n, row] of rows.entries()) codes.set(row.codes, n * this.width);
    this.#recentRows = rows;
    this.#recentCodes = codes;
    this.#recentTree = PointIndex.of(rows);
  }

  /** The live frozen rows and the recent ones, merged in ID order into a new frozen set. */
  #rebuild(): void {
    const frozen = this.#frozen;
    const recent = [...this.#recent.values()].sort((a, b) => a.id - b.id);
    const builder = new LivePointIndexBuilder(this.width);
    let next = 0;
    for (let position = 0; position < frozen.count; position += 1) {
      if (frozen.live[position] !== 1) continue;
      const id = frozen.ids[position] as number;
      while (next < recent.length && (recent[next] as IndexRow).id < id) builder.add(recent[next++] as IndexRow);
      builder.add(frozen.row(position, this.width));
    }
    while (next < recent.length) builder.add(recent[next++] as IndexRow);
    const rebuilt = builder.finish();
    this.#frozen = rebuilt.#frozen;
    this.#frozenLive = rebuilt.#frozenLive;
    this.#recent = new Map();
    this.#rebuildRecent();
  }
}
