import type { Database as SqliteConnection } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

/**
 * Answers of reads, kept in memory while the database has not changed since they were read. "Changed" is a row
 * written by this process's connection (`total_changes()`), a commit of any other connection (`PRAGMA data_version`:
 * the CLI, another process, raw SQL) or a change of the schema. An answer is therefore never staler than the
 * database: a write, committed or not, drops every answer read before it. Reads between writes, the common case of a
 * store finder, are answered without SQLite.
 */
export interface ReadCache {
  /**
   * `load`'s answer for `key`, from memory when it was read since the last change of the database. `sizeOf` says how
   * many bytes an answer holds, or `false` for one not to keep (a miss the caller repairs by writing, say).
   * Answers are shared between callers: never change one.
   */
  read<T>(key: string, load: () => Promise<T>, sizeOf: (answer: T) => number | false): Promise<T>;
}

/** Reads straight through: PostgreSQL, where other processes write without telling this one, and a cache of 0 bytes. */
export const NO_READ_CACHE: ReadCache = { read: (_key, load) => load() };

/** A SQLite read cache, which can also tell how much it holds. */
export interface SqliteReadCache extends ReadCache {
  /** Bytes held now, as counted against its size. */
  heldBytes(): number;
}

interface Entry {
  generation: number;
  answer: unknown;
  bytes: number;
}

/**
 * A read cache of at most `maxBytes` (least recently used answers go first) over one SQLite connection, the one
 * every read and write of this process goes through.
 * @example const cache = sqliteReadCache(sqlite, 16 * 1024 * 1024)
 */
export function sqliteReadCache(connection: SqliteConnection, maxBytes: number): SqliteReadCache {
  // The pragmas take a few µs each on a WAL file (each starts a read transaction); total_changes() a tenth of one.
  const otherCommits = connection.prepare('PRAGMA data_version').pluck();
  const ownChanges = connection.prepare('SELECT total_changes()').pluck();
  const schema = connection.prepare('PRAGMA schema_version').pluck();
  const counters = () => ({ other: otherCommits.get(), own: ownChanges.get(), schema: schema.get() });
  let seen = counters();
  let generation = 0;
  const current = (): number => {
    const now = counters();
    if (now.other !== seen.other || now.own !== seen.own || now.schema !== seen.schema) {
      seen = now;
      generation += 1;
    }
    return generation;
  };
  const entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.bytes });
  return {
    heldBytes: () => entries.calculatedSize,
    async read<T>(key: string, load: () => Promise<T>, sizeOf: (answer: T) => number | false): Promise<T> {
      // Taken before the load: a change while it runs leaves the answer tagged as older than that change.
      const readAt = current();
      const entry = entries.get(key);
      if (entry?.generation === readAt) return entry.answer as T;
      const answer = await load();
      const bytes = sizeOf(answer);
      // An answer the load itself outdated (a first read that stored the documents it built) would never be served,
      // so it is not kept. Another connection's commit meanwhile is found by the next read, which drops it then.
      if (bytes !== false && bytes <= maxBytes && ownChanges.get() === seen.own) {
        entries.set(key, { generation: readAt, answer, bytes: bytes + key.length + ENTRY_OVERHEAD });
      }
      return answer;
    },
  };
}

/** Rough bytes of an entry's bookkeeping (the map's node, the entry and answer objects), so tiny answers count too. */
const ENTRY_OVERHEAD = 200;
