import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedBenchmarkProject } from '../../../../bench/seed.ts';
import * as locationsCount from '../../src/db/migrations/20261122T0130_locations_count.ts';
import * as locationsCountPerStatement from '../../src/db/migrations/20261122T0200_locations_count_per_statement.ts';
import { selectsWholeProject } from '../../src/domain/location-list.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { locationRow } from '../support/factories.ts';
import { call, createAccount, createExtraProject, useTestServer } from '../support/server.ts';

const server = useTestServer();

const v2 = (account: CreatedUser, projectId = account.project.public_id) => `/api/v2/projects/${projectId}/locations`;

async function countedOnProject(projectId: number): Promise<number> {
  const row = await server.database.db
    .selectFrom('projects')
    .select('locations_count')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return row.locations_count;
}

async function countedInRows(projectId: number): Promise<number> {
  const row = await server.database.db
    .selectFrom('locations')
    .select(sql<number>`count(*)`.as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("a project's kept location count", () => {
  it('follows creates and deletes over V2 and V1, and is the total of an unfiltered list', async () => {
    const account = await createAccount(server);
    const token = account.token.token;
    const created: string[] = [];
    for (const [name, city] of [
      ['North', 'Austin'],
      ['South', 'Austin'],
      ['East', 'Dallas'],
    ]) {
      const response = await call(server, 'POST', v2(account), { token, body: { name, city, lat: 30.1, lng: -97.7 } });
      expect(response.status).toBe(201);
      created.push(response.body.data.id);
    }
    const v1 = await call(server, 'POST', '/api/locations', {
      token: account.legacyToken.token,
      body: { name: 'West', city: 'Dallas', lat: 32.7, lng: -96.8 },
    });
    expect(v1.status).toBe(201);
    expect((await call(server, 'DELETE', `${v2(account)}/${created[0]}`, { token })).status).toBe(200);

    expect(await countedOnProject(account.project.id)).toBe(3);
    const list = await call(server, 'GET', `${v2(account)}?limit=1`, { token });
    expect(list.body.meta.total).toBe(3);
    expect(list.body.meta.last_page).toBe(3);
    const projects = await call(server, 'GET', '/api/v2/projects', { token });
    expect(projects.body.data).toEqual([
      expect.objectContaining({ id: account.project.public_id, locations_count: 3 }),
    ]);
  });

  it('still counts the matching rows for a filtered list', async () => {
    const account = await createAccount(server);
    const token = account.token.token;
    for (const [name, city] of [
      ['One', 'Austin'],
      ['Two', 'Austin'],
      ['Three', 'Dallas'],
    ]) {
      await call(server, 'POST', v2(account), { token, body: { name, city, lat: 30.1, lng: -97.7 } });
    }
    expect((await call(server, 'GET', `${v2(account)}?city=Austin`, { token })).body.meta.total).toBe(2);
    expect((await call(server, 'GET', `${v2(account)}?city[ne]=Austin`, { token })).body.meta.total).toBe(1);
  });

  it('counts rows written straight into the table, per project', async () => {
    const account = await createAccount(server);
    const other = await createExtraProject(server, account);
    const seeded = await seedBenchmarkProject(server.database.db, { locations: 7, batchSize: 3 });
    const seededProject = await server.database.db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', seeded.projectId)
      .executeTakeFirstOrThrow();
    expect(await countedOnProject(seededProject.id)).toBe(7);
    expect(await countedOnProject(other.id)).toBe(0);
    await server.database.db
      .deleteFrom('locations')
      .where('project_id', '=', seededProject.id)
      .where('id', 'in', seeded.sample.v1Ids.slice(0, 2))
      .execute();
    expect(await countedOnProject(seededProject.id)).toBe(await countedInRows(seededProject.id));
    expect(await countedOnProject(seededProject.id)).toBe(5);
  });

  it('is filled in for the locations a database held before the count existed', async () => {
    const { db, dialect } = server.database;
    // Migrations take an untyped handle, as the migrator hands them one.
    const schema = db as unknown as Kysely<unknown>;
    const seeded = await seedBenchmarkProject(db, { locations: 4 });
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', seeded.projectId)
      .executeTakeFirstOrThrow();
    await locationsCountPerStatement.down(schema, dialect);
    await locationsCount.down(schema, dialect);
    try {
      const written = await seedBenchmarkProject(db, { locations: 2 });
      expect(written.sample.v1Ids).toHaveLength(2);
      await db
        .deleteFrom('locations')
        .where('id', '=', seeded.sample.v1Ids[0] ?? 0)
        .execute();
    } finally {
      await locationsCount.up(schema, dialect);
      await locationsCountPerStatement.up(schema, dialect);
    }
    expect(await countedOnProject(project.id)).toBe(3);
    expect(await countedInRows(project.id)).toBe(3);
  });

  it('follows a location moved to another project, and ignores updates that keep the project', async () => {
    const account = await createAccount(server);
    const other = await createExtraProject(server, account);
    const seeded = await seedBenchmarkProject(server.database.db, { locations: 3 });
    const from = await server.database.db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', seeded.projectId)
      .executeTakeFirstOrThrow();
    const [moved, kept] = seeded.sample.v1Ids;
    await server.database.db
      .updateTable('locations')
      .set({ project_id: other.id })
      .where('id', '=', moved ?? 0)
      .execute();
    await server.database.db
      .updateTable('locations')
      .set({ project_id: from.id, name: 'Renamed' })
      .where('id', '=', kept ?? 0)
      .execute();
    expect([await countedOnProject(from.id), await countedOnProject(other.id)]).toEqual([2, 1]);
  });

  it('updates the project once per statement on PostgreSQL, however many rows an INSERT or DELETE touches', async (context) => {
    if (server.database.dialect !== 'postgres') {
      // SQLite keeps no row versions, so its row triggers cost nothing comparable.
      context.skip();
      return;
    }
    const account = await createAccount(server);
    const rows = Array.from({ length: 50 }, (_, n) =>
      locationRow(account.project.id, { public_id: `loc_bulk${n}`, slug: `bulk-${n}`, name: `Bulk ${n}` }),
    );
    // Counted within one transaction: the view may still hold earlier transactions' counts not yet flushed.
    const updatesOfProjects = await server.database.db.transaction().execute(async (trx) => {
      const projectUpdates = async () => {
        const stats = await sql<{
          n: number;
        }>`select n_tup_upd as n from pg_stat_xact_user_tables where relname = 'projects' and schemaname = current_schema()`.execute(
          trx,
        );
        return Number(stats.rows[0]?.n ?? 0);
      };
      const before = await projectUpdates();
      await trx.insertInto('locations').values(rows).execute();
      await trx
        .deleteFrom('locations')
        .where('project_id', '=', account.project.id)
        .where('slug', 'in', ['bulk-0', 'bulk-1'])
        .execute();
      return (await projectUpdates()) - before;
    });
    expect(updatesOfProjects).toBe(2);
    expect(await countedOnProject(account.project.id)).toBe(48);
  });

  it('lets a project with locations be deleted', async () => {
    const seeded = await seedBenchmarkProject(server.database.db, { locations: 3 });
    await server.database.db.deleteFrom('projects').where('public_id', '=', seeded.projectId).execute();
    const left = await server.database.db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', seeded.projectId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('which lists use the kept count', () => {
  it('is every list that only pages and sorts', () => {
    const plain = { page: 3, limit: 100, filters: [], sort: { key: 'name' as const, descending: true } };
    expect(selectsWholeProject(plain)).toBe(true);
    expect(selectsWholeProject({ ...plain, visible: true })).toBe(false);
    expect(selectsWholeProject({ ...plain, updatedSince: '2026-01-01T00:00:00.000Z' })).toBe(false);
    expect(selectsWholeProject({ ...plain, filters: [{ field: 'city', operator: 'eq', value: 'Austin' }] })).toBe(
      false,
    );
  });
});
