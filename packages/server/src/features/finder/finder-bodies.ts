import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.ts';
import { ALL_ATTACHMENTS, loadAttachments, loadLocationViews, publicFieldsOf } from '../locations/index.ts';
import { findSearchableLocations } from './location-search.repository.ts';

/** Locations read per query while the cache is filled after a build. */
const PREFILL_BATCH = 500;

/** A location's public fields as UTF-8 JSON without the closing brace (a search writes its own members in before it). */
interface KeptBody {
  /** The index build it belongs to: an index built again does not trust what an older one kept. */
  generation: number;
  json: Buffer;
}

/**
 * A body as bytes of its own: an answer is then these bytes copied (encoding its text again for each answer took a
 * tenth of a search's time), and a body the cache lets go frees its memory (a slice of a shared pool would keep the
 * pool's other bodies' memory).
 */
function bytesOf(json: string): Buffer {
  const length = Buffer.byteLength(json) - 1;
  const bytes = Buffer.allocUnsafeSlow(length);
  bytes.write(json.slice(0, -1));
  return bytes;
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
      // The bytes, plus the Buffer's and the entry's own objects.
      sizeCalculation: (body) => body.json.length + 200,
    });
  }

  /**
   * The bodies of these locations, by ID; a location deleted meanwhile has none. Without a `generation` (no index to
   * be consistent with: a search the database answered), all are read and none is kept.
   */
  async of(db: Kysely<Database>, generation: number | undefined, ids: readonly number[]): Promise<Map<number, Buffer>> {
    const bodies = new Map<number, Buffer>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.#kept.get(id);
      if (kept !== undefined && kept.generation === generation) bodies.set(id, kept.json);
      else missing.push(id);
    }
    if (missing.length === 0) return bodies;
    const forgets = this.#forgets;
    for (const view of await loadLocationViews(db, missing)) {
      const json = bytesOf(JSON.stringify(publicFieldsOf(view)));
      bodies.set(view.record.id, json);
      if (generation !== undefined && forgets === this.#forgets) this.#kept.set(view.record.id, { generation, json });
    }
    return bodies;
  }

  /**
   * Reads the bodies of a project's searchable locations in ID order, a batch at a time, until the cache is nine
   * tenths full or all are kept: after a build, so that the first searches do not each read their bodies (a project
   * of 100,000 locations is kept whole; of a million, the first hundred thousand or so). Stops when a newer build of
   * the project exists (`current` says no more).
   */
  async prefill(db: Kysely<Database>, projectId: number, generation: number, current: () => boolean): Promise<void> {
    const room = () => this.#kept.calculatedSize < 0.9 * this.#kept.maxSize;
    for (let afterId = 0; room() && current(); ) {
      const forgets = this.#forgets;
      const records = await findSearchableLocations(db, projectId, afterId, PREFILL_BATCH);
      if (records.length === 0) return;
      const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
      // A catch-up that forgot locations meanwhile may have been about these: they are left to the searches to read.
      if (forgets === this.#forgets)
        for (const record of records)
          if (!this.#kept.has(record.id))
            this.#kept.set(record.id, {
              generation,
              json: bytesOf(JSON.stringify(publicFieldsOf({ record, attachments }))),
            });
      afterId = records[records.length - 1]?.id ?? afterId;
    }
  }

  /** Drops what is kept of these locations: they were written. */
  forget(ids: Iterable<number>): void {
    this.#forgets += 1;
    for (const id of ids) this.#kept.delete(id);
  }
}
