import { closeSync, openSync, readSync } from 'node:fs';
import type { Database as SqliteConnection } from 'better-sqlite3';

/**
 * This process's read-only descriptor of a SQLite file's WAL index (the `-shm` file), whose header every commit of
 * any connection rewrites (https://www.sqlite.org/walformat.html). Reading it is one `pread` and takes no lock, where
 * asking SQLite (`PRAGMA data_version`) starts and ends a read transaction: three system calls.
 */
export interface WalIndex {
  /** The descriptor, for a worker thread of this process to read the index too. */
  readonly fd: number;
  /** Reads the start of the index into `into` (as many bytes as it holds). */
  read(into: Buffer): void;
  /**
   * Call it only after the connection has closed: closing any descriptor of a file drops every POSIX lock the process
   * holds on it, SQLite's locks on the `-shm` file included, and another process would then find the database unused
   * and reset the index. Once only: the descriptor's number may belong to another file afterwards.
   */
  close(): void;
}

/** The first header copy, which a commit writes last: once it shows a commit, that commit is complete. */
export const WAL_INDEX_HEADER_BYTES = 48;

/**
 * Opens the WAL index of a connection's file; undefined when the file is not in WAL mode or has no index to open
 * (an in-memory database), and the caller falls back to asking SQLite.
 * @example const walIndex = openWalIndex(new SQLite('data/locator.db'))
 */
export function openWalIndex(sqlite: SqliteConnection): WalIndex | undefined {
  if (sqlite.memory || sqlite.pragma('journal_mode', { simple: true }) !== 'wal') return undefined;
  // A read opens the log and its index, which a new database does not have before.
  sqlite.prepare('SELECT count(*) FROM sqlite_schema').get();
  let fd: number;
  try {
    fd = openSync(`${sqlite.name}-shm`, 'r');
  } catch {
    return undefined;
  }
  let closed = false;
  return {
    fd,
    read(into) {
      readSync(fd, into, 0, into.length, 0);
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}
