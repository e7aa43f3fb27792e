import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { Commits, countingCommits } from './commits.ts';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';
import type { Database } from './database.ts';
import { withStatementCache } from './statement-cache.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The transactions this process committed through `db`. */
  commits: Commits;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called after every query; used by tests to count queries and by debug logging. */
  onQuery?: (event: LogEvent) => void;
  /** Connections the PostgreSQL pool may open (default 10); SQLite always uses one. */
  poolSize?: number;
  /** Called when an idle PostgreSQL connection breaks; the pool drops it and opens a new one on demand. */
  onConnectionError?: (error: Error) => void;
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
  // WAL lets readers go on while one writer commits.
  sqlite.pragma('journal_mode = WAL');
  // Each commit is synced to disk before the write answers, so a power loss keeps every answered write
  // (docs/decisions/durability.md).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's lower() folds ASCII only; case-insensitive filters must match "ÖREBRO" as PostgreSQL's lower() does.
  sqlite.function('lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  const commits = new Commits();
  const db = new Kysely<Database>({
    dialect: countingCommits(new SqliteDialect({ database: withStatementCache(sqlite) }), commits),
    ...(options.onQuery ? { log: options.onQuery } : {}),
  });
  return { db, dialect: 'sqlite', commits, close: () => db.destroy() };
}

// The PostgreSQL client takes ~100 ms to load, which an embedded SQLite server never needs: loaded when first opened.
const requireWhenNeeded = createRequire(import.meta.url);

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const { Pool, types } = requireWhenNeeded('pg') as typeof pg;
  const pool = new Pool({
    connectionString: withDefaultUser(url),
    max: options.poolSize ?? 10,
    types: sameTypesAsSqlite(types),
  });
  // Without a listener a broken idle connection would crash the process.
  pool.on('error', options.onConnectionError ?? ((error) => process.emitWarning(error)));
  const commits = new Commits();
  const db = new Kysely<Database>({
    dialect: countingCommits(new CurrentSchemaPostgresDialect({ pool }), commits),
    ...(options.onQuery ? { log: options.onQuery } : {}),
  });
  return { db, dialect: 'postgres', commits, close: () => db.destroy() };
}

/**
 * PostgreSQL answers `count(*)`, `sum(...)` and bigint columns as strings (they may exceed 2^53); SQLite answers
 * numbers. Our counts and IDs stay far below 2^53, so both dialects hand the code the same JavaScript type.
 */
function sameTypesAsSqlite(types: typeof pg.types): pg.CustomTypesConfig {
  const numberTypes: ReadonlySet<number> = new Set([types.builtins.INT8, types.builtins.NUMERIC]);
  return {
    getTypeParser: (id, format) =>
      numberTypes.has(id) && format !== 'binary' ? Number : types.getTypeParser(id, format),
  };
}

/** Like libpq, a URL without a user connects as the operating-system user, also where `$USER` is unset. */
function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (parsed.username || process.env.PGUSER || process.env.USER) return url;
  parsed.username = encodeURIComponent(userInfo().username);
  return parsed.toString();
}
