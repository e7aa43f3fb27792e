import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { call, createAccount, startTestServer, type TestServer } from './support/server.ts';
import { createTestDatabase, testDialect } from './support/test-database.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());

describe(`the database layer on ${testDialect()}`, () => {
  it('runs the suite on the dialect TEST_DATABASE names', () => {
    expect(server.database.dialect).toBe(testDialect());
  });

  it('reads counts, IDs and coordinates back as JavaScript numbers', async () => {
    const account = await createAccount(server);
    const { db } = server.database;
    await db
      .insertInto('locations')
      .values({
        public_id: 'loc_numbers',
        project_id: account.project.id,
        slug: 'numbers',
        name: 'Numbers',
        address: '',
        address_generated: 1,
        display_address: '',
        display_address_generated: 1,
        visible: 1,
        lat: 30.2672,
        lng: -97.7431,
        created_at: '2026-11-21T20:00:00.000Z',
        updated_at: '2026-11-21T20:00:00.000Z',
      })
      .execute();
    const row = await db
      .selectFrom('locations')
      .select(['id', 'lat', 'lng', 'visible', sql<number>`count(*) over ()`.as('total'), sql<number>`sum(id) over ()`.as('id_sum')])
      .where('public_id', '=', 'loc_numbers')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: expect.any(Number), lat: 30.2672, lng: -97.7431, visible: 1, total: 1, id_sum: row.id });
    const projects = await call(server, 'GET', '/api/v2/projects', { token: account.token.token });
    expect(projects.body.data[0].locations_count).toBe(1);
  });

  it('numbers new rows upwards and never hands out a deleted row\'s ID again', async () => {
    const first = await createAccount(server);
    const { db } = server.database;
    await db.deleteFrom('users').where('id', '=', first.user.id).execute();
    const second = await createAccount(server);
    expect(second.user.id).toBeGreaterThan(first.user.id);
  });

  it('finds the schema already up to date when migrated again', async () => {
    expect(await migrateToLatest(server.database)).toEqual([]);
  });
});

describe.runIf(testDialect() === 'postgres')('a PostgreSQL test database', () => {
  it('is a schema of its own, dropped when the server stops', async () => {
    const testDatabase = await createTestDatabase();
    const handle = openDatabase(testDatabase.url, { poolSize: 1 });
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
      const schema = rows[0]?.schema ?? '';
      expect(schema).toMatch(/^t_[0-9a-f]{16}$/);
      await testDatabase.dispose();
      const left = await sql<{ n: number }>`select count(*) as n from pg_namespace where nspname = ${schema}`.execute(handle.db);
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 10 and refuses a pool without connections', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
