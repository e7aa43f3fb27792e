import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/repositories/compiled-once.ts';
import type { Executor } from '../src/repositories/executor.ts';
import { createAccount, createExtraProject, startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());

describe('a query compiled once', () => {
  let builds = 0;
  const projectsOf = compiledOnce((db: Executor, shape: { newestFirst: boolean }, userId: number, ids: number[]) => {
    builds += 1;
    return db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .orderBy('id', shape.newestFirst ? 'desc' : 'asc');
  });

  it("runs with each call's values, building the SQL once per shape and array length", async () => {
    const account = await createAccount(server);
    const extra = await createExtraProject(server, account);
    const other = await createAccount(server);
    const { db } = server.database;
    const both = [account.project.id, extra.id];

    expect(await projectsOf(db, { newestFirst: false }, account.user.id, both)).toEqual([
      { id: account.project.id, name: account.project.name },
      { id: extra.id, name: extra.name },
    ]);
    expect(await projectsOf(db, { newestFirst: false }, other.user.id, [other.project.id, 0])).toEqual([{ id: other.project.id, name: other.project.name }]);
    expect(await projectsOf(db, { newestFirst: false }, other.user.id, both)).toEqual([]);
    expect(builds).toBe(1);

    expect((await projectsOf(db, { newestFirst: true }, account.user.id, both)).map((p) => p.id)).toEqual([extra.id, account.project.id]);
    expect(await projectsOf(db, { newestFirst: false }, account.user.id, [extra.id])).toEqual([{ id: extra.id, name: extra.name }]);
    expect(builds).toBe(3);
  });

  it('runs inside a transaction, seen by the query log like any other query', async () => {
    const account = await createAccount(server);
    server.queries.count = 0;
    const rows = await server.database.db.transaction().execute((trx) => projectsOf(trx, { newestFirst: false }, account.user.id, [account.project.id, 0]));
    expect(rows).toEqual([{ id: account.project.id, name: account.project.name }]);
    expect(server.queries.count).toBeGreaterThanOrEqual(1);
  });

  it('keeps a bounded number of shapes, so callers that pick shapes cannot fill memory', async () => {
    let shapeBuilds = 0;
    const byColumn = compiledOnce((db: Executor, shape: { variant: number }, userId: number) => {
      shapeBuilds += 1;
      return db.selectFrom('projects').select('id').where('user_id', '=', userId).where('id', '>', -shape.variant);
    });
    const account = await createAccount(server);
    const { db } = server.database;
    for (let variant = 0; variant <= 500; variant += 1) await byColumn(db, { variant }, account.user.id);
    expect(shapeBuilds).toBe(501);
    await byColumn(db, { variant: 500 }, account.user.id);
    expect(shapeBuilds).toBe(501);
    // The first shape was the least recently used of 501, so it is built again.
    await byColumn(db, { variant: 0 }, account.user.id);
    expect(shapeBuilds).toBe(502);
  });
});
