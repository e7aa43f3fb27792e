import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type LogEvent } from 'kysely';
import type { Database } from './database.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called after every query; used by tests to count queries and by debug logging. */
  onQuery?: (event: LogEvent) => void;
}

/**
 * Opens the database named by a `DATABASE_URL`.
 * @example openDatabase('sqlite::memory:')
 */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options);
  throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<path>`);
}

function openSqlite(path: string, options: DatabaseOptions): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers go on while one writer commits; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    ...(options.onQuery ? { log: options.onQuery } : {}),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
