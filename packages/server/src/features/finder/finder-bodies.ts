import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.ts';
import { loadLocationViews, publicFieldsOf } from '../locations/index.ts';

/** A location's public fields as JSON without the closing brace (a search writes its own members in before it). */
interface KeptBody {
  /** The index build it belongs to: an index built again does not trust what an older one kept. */
  generation: number;
  json: string;
}

/**
 * The public bodies of the locations searches answer with, read by ID for the hits and kept in a cache bounded in
 * bytes (least recently used out first), so the index holds only what ranking needs. A catch-up forgets the locations
 * it read again; a body read while a catch-up forgot something is used for its answer but not kept, since it may be
 * older than what the index now holds.
 */
export class FinderBodies {
  readonly #kept: LRUCache<number, KeptBody>;
  /** Moves on with every `forget`. */
  #forgets = 0;

  constructor(maxBytes: number) {
    this.#kept = new LRUCache<number, KeptBody>({
      maxSize: Math.max(1, maxBytes),
      // A string of JSON takes about a byte a character (two for text beyond Latin-1), plus the entry's own objects.
      sizeCalculation: (body) => body.json.length + 100,
    });
  }

  /**
   * The bodies of these locations, by ID; a location deleted meanwhile has none. Without a `generation` (no index to
   * be consistent with: a search the database answered), all are read and none is kept.
   */
  async of(db: Kysely<Database>, generation: number | undefined, ids: readonly number[]): Promise<Map<number, string>> {
    const bodies = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.#kept.get(id);
      if (kept !== undefined && kept.generation === generation) bodies.set(id, kept.json);
      else missing.push(id);
    }
    if (missing.length === 0) return bodies;
    const forgets = this.#forgets;
    for (const view of await loadLocationViews(db, missing)) {
      const json = JSON.stringify(publicFieldsOf(view)).slice(0, -1);
      bodies.set(view.record.id, json);
      if (generation !== undefined && forgets === this.#forgets) this.#kept.set(view.record.id, { generation, json });
    }
    return bodies;
  }

  /** Drops what is kept of these locations: they were written. */
  forget(ids: Iterable<number>): void {
    this.#forgets += 1;
    for (const id of ids) this.#kept.delete(id);
  }
}
