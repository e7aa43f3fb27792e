import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type DialectName, openDatabase } from '../../src/db/connection.ts';

/** The dialect the suite runs on, from `TEST_DATABASE` (`sqlite` when unset). */
export function testDialect(): DialectName {
  const chosen = process.env.TEST_DATABASE || 'sqlite';
  if (chosen === 'sqlite' || chosen === 'postgres') return chosen;
  throw new Error(`TEST_DATABASE must be "sqlite" or "postgres", not "${chosen}"`);
}

/** An empty database of its own for one test server: a `DATABASE_URL` and how to throw it away (again harmlessly). */
export interface TestDatabase {
  url: string;
  dispose(): Promise<void>;
}

/** A fresh, empty database on the dialect the suite runs on. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return testDialect() === 'postgres' ? createPostgresSchema() : createSqliteFile();
}

/** An empty SQLite file in a temp folder of its own, whatever dialect the suite runs on. */
export function createSqliteFile(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'locator-test-'));
  return { url: `sqlite:${join(dir, 'test.db')}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A schema of its own in the shared test database, so test files run in parallel without seeing each other's rows;
 * the server's connections reach it through their `search_path`. Also for tests that need PostgreSQL whatever
 * dialect the suite runs on.
 */
export async function createPostgresSchema(): Promise<TestDatabase> {
  const serverUrl = postgresServerUrl();
  const schema = `t_${randomBytes(8).toString('hex')}`;
  await onPostgres(serverUrl, sql`create schema ${sql.id(schema)}`);
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    dispose: () => onPostgres(serverUrl, sql`drop schema if exists ${sql.id(schema)} cascade`),
  };
}

/** The PostgreSQL database tests make their schemas in. */
export function postgresServerUrl(): string {
  return process.env.TEST_POSTGRES_URL || 'postgres://127.0.0.1:5432/test';
}

/** Whether the test PostgreSQL answers, for tests that need it whatever dialect the suite runs on. */
export async function postgresReachable(): Promise<boolean> {
  return onPostgres(postgresServerUrl(), sql`select 1`).then(
    () => true,
    () => false,
  );
}

async function onPostgres(url: string, statement: ReturnType<typeof sql>): Promise<void> {
  const handle = openDatabase(url, { poolSize: 1 });
  try {
    await statement.execute(handle.db);
  } finally {
    await handle.close();
  }
}
