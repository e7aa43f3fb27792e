import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import type pg from 'pg';
import { loadWhenNeeded } from '../lazy-require.ts';
import { startBackgroundCheckpoints, type CheckpointLog } from './checkpoints/background-checkpoints.ts';
import type { Database } from './database.ts';
import { GroupCommitSqliteDialect } from './group-commit.ts';
import { NO_READ_CACHE, sqliteReadCache, type ReadCache } from './read-cache.ts';
import { withStatementCache } from './statement-cache.ts';
import { openWalIndex } from './wal-index.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Answers of hot reads kept until the database changes (SQLite with `readCacheBytes`); otherwise reads through. */
  readCache: ReadCache;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called after every query; used by tests to count queries and by debug logging. */
  onQuery?: (event: LogEvent) => void;
  /** Connections the PostgreSQL pool may open (default 10); SQLite always uses one. */
  poolSize?: number;
  /** Called when an idle PostgreSQL connection breaks; the pool drops it and opens a new one on demand. */
  onConnectionError?: (error: Error) => void;
  /**
   * Checkpoints a SQLite file's write-ahead log on a worker thread instead of during commits, so their fsyncs never
   * stall the event loop (`locator serve`); its failures go to `log`, at most once a minute. Ignored for PostgreSQL
   * and `:memory:`.
   */
  backgroundCheckpoints?: { log: CheckpointLog };
  /**
   * Memory for answers of hot reads, dropped on any change of the database (`db/read-cache.ts`); SQLite only, since
   * PostgreSQL's other clients cannot tell this process what they change. Default 0: none.
   */
  readCacheBytes?: number;
}

/**
 * Opens the database named by a `DATABASE_URL`: `sqlite:<path>` or `postgres://user@host:port/database`.
 * @example openDatabase('sqlite::memory:')
 * @example openDatabase('postgres://locator@127.0.0.1:5432/locator', { poolSize: 20 })
 */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<path> or postgres://...`);
}

function openSqlite(path: string, options: DatabaseOptions): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers go on while one writer commits; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Every write runs in a savepoint (group commit), and SQLite keeps the pages a savepoint may have to restore in a
  // statement journal: a temporary file by default, written page by page with a syscall each, about a fifth of a
  // create's database time. In memory they cost what the pages weigh, and only until the write is released.
  sqlite.pragma('temp_store = MEMORY');
  // SQLite's lower() folds ASCII only; case-insensitive filters must match "ÖREBRO" as PostgreSQL's lower() does.
  sqlite.function('lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  const walIndex = openWalIndex(sqlite);
  const checkpoints = options.backgroundCheckpoints && walIndex ? startBackgroundCheckpoints(sqlite, walIndex, options.backgroundCheckpoints) : undefined;
  if (options.backgroundCheckpoints && !walIndex && path !== ':memory:') {
    options.backgroundCheckpoints.log.warn({ err: new Error(`no WAL index for ${path}`) }, 'background WAL checkpoints not started: the server checkpoints on commit');
  }
  const readCache = options.readCacheBytes ? sqliteReadCache(sqlite, options.readCacheBytes, walIndex) : undefined;
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(sqlite, withStatementCache(sqlite)),
    ...(options.onQuery ? { log: options.onQuery } : {}),
  });
  const close = async () => {
    // The worker's connection first: the last connection to close checkpoints the log and removes it.
    await checkpoints?.stop();
    await db.destroy();
    walIndex?.close();
  };
  return { db, dialect: 'sqlite', readCache: readCache ?? NO_READ_CACHE, close };
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const { Pool, types } = loadWhenNeeded<typeof pg>('pg');
  const pool = new Pool({ connectionString: withDefaultUser(url), max: options.poolSize ?? 10, types: sameTypesAsSqlite(types) });
  // Without a listener a broken idle connection would crash the process.
  pool.on('error', options.onConnectionError ?? ((error) => process.emitWarning(error)));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(options.onQuery ? { log: options.onQuery } : {}),
  });
  return { db, dialect: 'postgres', readCache: NO_READ_CACHE, close: () => db.destroy() };
}

/**
 * PostgreSQL answers `count(*)`, `sum(...)` and bigint columns as strings (they may exceed 2^53); SQLite answers
 * numbers. Our counts and IDs stay far below 2^53, so both dialects hand the code the same JavaScript type.
 */
function sameTypesAsSqlite(types: typeof pg.types): pg.CustomTypesConfig {
  const numberTypes: ReadonlySet<number> = new Set([types.builtins.INT8, types.builtins.NUMERIC]);
  return { getTypeParser: (id, format) => (numberTypes.has(id) && format !== 'binary' ? Number : types.getTypeParser(id, format)) };
}

/** Like libpq, a URL without a user connects as the operating-system user, also where `$USER` is unset. */
function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (parsed.username || process.env.PGUSER || process.env.USER) return url;
  parsed.username = encodeURIComponent(userInfo().username);
  return parsed.toString();
}
