import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';

/** An empty database for one benchmark run: the `DATABASE_URL` the server gets, and how to throw it away. */
export interface FreshDatabase {
  url: string;
  dialect: 'sqlite' | 'postgres';
  /** Where the data lives, for the report (a file, or a schema of a PostgreSQL database). */
  description: string;
  dispose(): Promise<void>;
}

/**
 * A fresh database: without `--db` a SQLite file in a new temporary folder; with `--db sqlite:<path>` that file,
 * which must not exist yet; with `--db postgres://...` a new schema `bench_<time>` in that database, reached through
 * the connection's `search_path`, so nothing already there is touched.
 */
export async function createFreshDatabase(requested: string | undefined): Promise<FreshDatabase> {
  if (requested === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'locator-bench-'));
    const file = join(dir, 'bench.db');
    return {
      url: `sqlite:${file}`,
      dialect: 'sqlite',
      description: `SQLite file ${file}`,
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (requested.startsWith('sqlite:')) {
    const file = requested.slice('sqlite:'.length);
    if (file === ':memory:')
      throw new Error('--db sqlite::memory: cannot be shared with the server process; give a file path');
    if (existsSync(file)) throw new Error(`--db ${requested}: the file exists; the benchmark needs a fresh database`);
    const remove = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    };
    return { url: requested, dialect: 'sqlite', description: `SQLite file ${file}`, dispose: remove };
  }
  if (/^postgres(ql)?:\/\//.test(requested)) {
    const schema = `bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
    await onPostgres(requested, sql`create schema ${sql.id(schema)}`);
    const url = new URL(requested);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      url: url.toString(),
      dialect: 'postgres',
      description: `PostgreSQL schema ${schema} of ${url.host}${url.pathname}`,
      dispose: () => onPostgres(requested, sql`drop schema ${sql.id(schema)} cascade`),
    };
  }
  throw new Error(`--db ${requested}: use sqlite:<path> or postgres://...`);
}

async function onPostgres(url: string, statement: ReturnType<typeof sql>): Promise<void> {
  const handle = openDatabase(url, { poolSize: 1 });
  try {
    await statement.execute(handle.db);
  } finally {
    await handle.close();
  }
}
