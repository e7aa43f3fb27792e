import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { createLocationDirectly } from '../support/factories.ts';
import { call } from '../support/server.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database.ts';

// Two `locator serve` processes on one PostgreSQL schema count the same project's searches and visitors' actions in
// their own memory; their flushes, timed and at shutdown, add up in the daily rows: nothing counted twice or lost.

const SEARCHES_PER_INSTANCE = 7;

if (testDialect() !== 'postgres') {
  describe('analytics of several instances', () => {
    it.skip('runs only when the suite runs on PostgreSQL (TEST_DATABASE=postgres)', () => undefined);
  });
} else {
  describe('analytics of several instances', () => {
    let database: TestDatabase | undefined;
    let handle: DatabaseHandle | undefined;
    const servers: ChildServer[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      handle = openDatabase(database.url);
      await migrateToLatest(handle);
    }, 60_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await handle?.close();
      await database?.dispose();
    });

    it('adds up what each instance counted, once each, across timed flushes and shutdown', async () => {
      if (!handle || !database) throw new Error('no database');
      const { db } = handle;
      const account = await servicesOn(db).accounts.createUser({ email: 'counts@example.com', name: 'Counts' });
      const { key } = await servicesOn(db).keys.create({
        owner: { project: refOfProject(account.project) },
        origins: [],
      });
      const store = await createLocationDirectly(db, account.project, { name: 'Centre', lat: 52.52, lng: 13.4 });
      const env = {
        DATABASE_URL: database.url,
        GEOCODER: 'none',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
        STORE_FINDER_WARM_UP: 'off',
      };
      // One flushes often, the other only as it stops (its counts reach the database at shutdown or never).
      servers.push(
        ...(await Promise.all([
          startChildServer({ ...env, ANALYTICS_FLUSH_SECONDS: '0.2' }),
          startChildServer({ ...env, ANALYTICS_FLUSH_SECONDS: '3600' }),
        ])),
      );
      for (const server of servers) {
        for (let n = 0; n < SEARCHES_PER_INSTANCE; n += 1) {
          const answer = await call(server, 'GET', `/api/public/v1/search?key=${key}&lat=52.52&lng=13.4`);
          expect(answer.status).toBe(200);
        }
        const sent = await call(server, 'POST', `/api/public/v1/events?key=${key}`, {
          body: { type: 'directions', location_id: store.record.public_id },
        });
        expect(sent.status).toBe(204);
      }
      // Some counts went out with a timed flush, the rest as each process stops (SIGTERM).
      await Promise.all(servers.map((server) => server.stop()));

      const searches = await db
        .selectFrom('search_counts')
        .select(['metric', 'key', 'count'])
        .where('project_id', '=', account.project.id)
        .orderBy('metric')
        .orderBy('key')
        .execute();
      const total = 2 * SEARCHES_PER_INSTANCE;
      expect(searches).toEqual([
        { metric: 'kind', key: 'position', count: total },
        { metric: 'searches', key: '', count: total },
      ]);
      const places = await db.selectFrom('search_place_counts').select(['searches', 'zero_result']).execute();
      expect(places).toEqual([{ searches: total, zero_result: 0 }]);
      const actions = await db.selectFrom('location_action_counts').select(['action', 'count']).execute();
      expect(actions).toEqual([{ action: 'directions', count: 2 }]);
    }, 120_000);
  });
}
