import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { locationRow } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';
import { createTestDatabase, testDialect } from '../support/test-database.ts';

const server = useTestServer();

describe(`the database layer on ${testDialect()}`, () => {
  it('runs the suite on the dialect TEST_DATABASE names', () => {
    expect(server.database.dialect).toBe(testDialect());
  });

  it('reads counts, IDs and coordinates back as JavaScript numbers', async () => {
    const account = await createAccount(server);
    const { db } = server.database;
    await db
      .insertInto('locations')
      .values(
        locationRow(account.project.id, {
          public_id: 'loc_numbers',
          slug: 'numbers',
          name: 'Numbers',
          lat: 30.2672,
          lng: -97.7431,
        }),
      )
      .execute();
    const row = await db
      .selectFrom('locations')
      .select([
        'id',
        'lat',
        'lng',
        'visible',
        sql<number>`count(*) over ()`.as('total'),
        sql<number>`sum(id) over ()`.as('id_sum'),
      ])
      .where('public_id', '=', 'loc_numbers')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: expect.any(Number), lat: 30.2672, lng: -97.7431, visible: 1, total: 1, id_sum: row.id });
    const projects = await call(server, 'GET', '/api/v2/projects', { token: account.token.token });
    expect(projects.body.data[0].locations_count).toBe(1);
  });

  it("numbers new rows upwards and never hands out a deleted row's ID again", async () => {
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

describe(`lists that read the same on ${testDialect()}`, () => {
  async function projectWithCities(cities: (string | null)[]) {
    const account = await createAccount(server);
    const base = `/api/v2/projects/${account.project.public_id}/locations`;
    for (const [index, city] of cities.entries()) {
      const created = await call(server, 'POST', base, {
        token: account.token.token,
        body: { name: `Store ${index}`, city: city ?? 'Nowhere', lat: 1, lng: 1 },
      });
      expect(created.status, created.text).toBe(201);
      // A V1 location may have no city; V2 cannot create one, so the row is changed directly.
      if (city === null)
        await server.database.db
          .updateTable('locations')
          .set({ city: null })
          .where('public_id', '=', created.body.data.id)
          .execute();
    }
    return (query: string) => call(server, 'GET', `${base}?${query}`, { token: account.token.token });
  }

  it('sorts locations without a city before the others, and after them when descending', async () => {
    const list = await projectWithCities(['Boston', null, 'Austin']);
    const ascending = await list('sort=city');
    expect(ascending.body.data.map((location: { city: string | null }) => location.city)).toEqual([
      null,
      'Austin',
      'Boston',
    ]);
    const descending = await list('sort=-city');
    expect(descending.body.data.map((location: { city: string | null }) => location.city)).toEqual([
      'Boston',
      'Austin',
      null,
    ]);
  });

  it('ignores the case of letters beyond ASCII in filters', async () => {
    const list = await projectWithCities(['ÖREBRO', 'Austin']);
    const exact = await list(`city=${encodeURIComponent('örebro')}`);
    expect(exact.body.data.map((location: { city: string }) => location.city)).toEqual(['ÖREBRO']);
    const substring = await list(`city[like]=${encodeURIComponent('Öre')}`);
    expect(substring.body.data.map((location: { city: string }) => location.city)).toEqual(['ÖREBRO']);
  });
});

describe.runIf(testDialect() === 'sqlite')('a SQLite database', () => {
  it('syncs every commit to disk before a write answers (WAL, synchronous = FULL)', async () => {
    const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(server.database.db);
    const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(server.database.db);
    expect(journal).toEqual([{ journal_mode: 'wal' }]);
    // 2 is FULL (1 would be NORMAL, which a power loss can cost answered writes): docs/decisions/durability.md.
    expect(sync).toEqual([{ synchronous: 2 }]);
  });
});

describe.runIf(testDialect() === 'postgres')('a PostgreSQL test database', () => {
  it('is a schema of its own, dropped when disposed of', async () => {
    const testDatabase = await createTestDatabase();
    const handle = openDatabase(testDatabase.url, { poolSize: 1 });
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
      const schema = rows[0]?.schema ?? '';
      expect(schema).toMatch(/^t_[0-9a-f]{16}$/);
      await testDatabase.dispose();
      const left = await sql<{ n: number }>`select count(*) as n from pg_namespace where nspname = ${schema}`.execute(
        handle.db,
      );
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await handle.close();
      await testDatabase.dispose();
    }
  });

  it('migrates a schema of its own while another schema of the database is migrated already', async () => {
    const fresh = await createTestDatabase();
    const handle = openDatabase(fresh.url, { poolSize: 1 });
    try {
      expect(await migrateToLatest(handle)).toContain('20261121T2000_initial');
    } finally {
      await handle.close();
      await fresh.dispose();
    }
  });

  it('looks up its tables while other schemas of the database are being dropped', async () => {
    // Parallel test files drop their schemas at any time; the migrator looking up its tables must not trip over one
    // going away (PostgreSQL resolves a schema's name again when a query calls a function with it).
    const others = await Promise.all(Array.from({ length: 24 }, () => createTestDatabase()));
    await Promise.all(others.map((other) => withHandle(other.url, (db) => migrateToLatest(db))));
    let dropping = true;
    const dropper = (async () => {
      for (const other of others) await other.dispose();
      dropping = false;
    })();
    try {
      const fresh = await createTestDatabase();
      try {
        await withHandle(fresh.url, async (handle) => {
          let lookups = 0;
          while (dropping || lookups === 0) {
            await handle.db.introspection.getTables({ withInternalKyselyTables: true });
            lookups += 1;
          }
          expect(await migrateToLatest(handle)).toContain('20261121T2000_initial');
        });
      } finally {
        await fresh.dispose();
      }
    } finally {
      await dropper;
    }
  });
});

async function withHandle<T>(url: string, use: (handle: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const handle = openDatabase(url, { poolSize: 1 });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

describe('the time-zone migration', () => {
  it('gives existing locations with coordinates the zone they lie in', async () => {
    const fresh = await createTestDatabase();
    const handle = openDatabase(fresh.url, { poolSize: 1 });
    try {
      await migrateTo(handle, '20261125T1200_drop_location_documents');
      const { db } = handle;
      const createdAt = '2026-01-01T00:00:00.000Z';
      const user = await db
        .insertInto('users')
        .values({ public_id: 'usr_m', email: 'm@example.com', name: 'M', created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const project = await db
        .insertInto('projects')
        .values({
          public_id: 'prj_m',
          user_id: user.id,
          name: 'M',
          plan: 'business',
          personal: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [slug, lat, lng] of [
        ['berlin', 52.52, 13.405],
        ['nowhere', null, null],
        ['unplaced', 0, 0],
      ] as const) {
        await db
          .insertInto('locations')
          .values(locationRow(project.id, { public_id: `loc_${slug}`, slug, name: slug, lat, lng }))
          .execute();
      }
      await migrateToLatest(handle);
      const zones = await db
        .selectFrom('locations')
        .select(['slug', 'time_zone', 'time_zone_manual', 'special_hours'])
        .orderBy('slug')
        .execute();
      expect(zones).toEqual([
        { slug: 'berlin', time_zone: 'Europe/Berlin', time_zone_manual: 0, special_hours: null },
        { slug: 'nowhere', time_zone: null, time_zone_manual: 0, special_hours: null },
        { slug: 'unplaced', time_zone: null, time_zone_manual: 0, special_hours: null },
      ]);
    } finally {
      await handle.close();
      await fresh.dispose();
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
