import type { Database as SqliteConnection } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { WAL_INDEX_HEADER_BYTES, type WalIndex } from './wal-index.ts';

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
 * every read and write of this process goes through. With the file's `walIndex`, commits of any connection are seen
 * in its header; without one (an in-memory database), SQLite is asked.
 * @example const cache = sqliteReadCache(sqlite, 16 * 1024 * 1024, openWalIndex(sqlite))
 */
export function sqliteReadCache(connection: SqliteConnection, maxBytes: number, walIndex?: WalIndex): SqliteReadCache {
  // total_changes() takes a tenth of a µs and no lock: rows this connection wrote, committed or not.
  const ownChanges = connection.prepare('SELECT total_changes()').pluck();
  const committedSinceLastLook = walIndex ? walIndexCommits(walIndex) : askedCommits(connection);
  let seenOwn = ownChanges.get();
  let generation = 0;
  const current = (): number => {
    // Both looked at every time, so neither reports a change the other already counted.
    const committed = committedSinceLastLook();
    const own = ownChanges.get();
    if (committed || own !== seenOwn) {
      seenOwn = own;
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
      if (bytes !== false && bytes <= maxBytes && ownChanges.get() === seenOwn) {
        entries.set(key, { generation: readAt, answer, bytes: bytes + key.length + ENTRY_OVERHEAD });
      }
      return answer;
    },
  };
}

/** Rough bytes of an entry's bookkeeping (the map's node, the entry and answer objects), so tiny answers count too. */
const ENTRY_OVERHEAD = 200;

/**
 * Whether any connection committed (a schema change included) since the last call, from the WAL index's header:
 * every commit rewrites it, a checkpoint does not. One pread, about 1 µs, where the pragmas below start two read
 * transactions (six system calls, 5-10 µs under load, a tenth of a cached read). A torn read, with a commit under
 * way, only counts as a change.
 */
function walIndexCommits(walIndex: WalIndex): () => boolean {
  let seen = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let now = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  walIndex.read(seen);
  return () => {
    walIndex.read(now);
    if (now.equals(seen)) return false;
    [seen, now] = [now, seen];
    return true;
  };
}

/** The same from SQLite: another connection's commit (`PRAGMA data_version`) or a schema change (`schema_version`). */
function askedCommits(connection: SqliteConnection): () => boolean {
  const otherCommits = connection.prepare('PRAGMA data_version').pluck();
  const schema = connection.prepare('PRAGMA schema_version').pluck();
  let seen = { other: otherCommits.get(), schema: schema.get() };
  return () => {
    const now = { other: otherCommits.get(), schema: schema.get() };
    if (now.other === seen.other && now.schema === seen.schema) return false;
    seen = now;
    return true;
  };
}
