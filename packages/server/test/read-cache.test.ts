import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { sqliteReadCache as cacheOver } from '../src/db/read-cache.ts';
import { openWalIndex, type WalIndex } from '../src/db/wal-index.ts';
import { fullLocationBody, seedCatalog } from './support/factories.ts';
import { call, createAccount, startTestServer, type TestServer } from './support/server.ts';
import { testDialect } from './support/test-database.ts';

// Hot reads (a location, a page, the project) are answered from memory on SQLite until the database changes. These
// tests change it every way it can change and check that no read is ever answered from before the change.

// Commits are seen in the file's WAL index, or, without one, by asking SQLite: both ways are tested alike.
describe.each([
  { way: 'its WAL index', withWalIndex: true },
  { way: 'SQLite', withWalIndex: false },
])('the SQLite read cache, seeing commits in $way', ({ withWalIndex }) => {
  let dir: string;
  let writer: SQLite.Database;
  let reader: SQLite.Database;
  let walIndex: WalIndex | undefined;
  const count = () => Number(reader.prepare('select count(*) from numbers').pluck().get());
  const sqliteReadCache = (connection: SQLite.Database, maxBytes: number) => cacheOver(connection, maxBytes, walIndex);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'read-cache-'));
    writer = new SQLite(join(dir, 'data.db'));
    writer.pragma('journal_mode = WAL');
    writer.exec('create table numbers (n integer)');
    reader = new SQLite(join(dir, 'data.db'));
    walIndex = withWalIndex ? openWalIndex(reader) : undefined;
    if (withWalIndex) expect(walIndex).toBeDefined();
  });
  afterEach(() => {
    reader.close();
    walIndex?.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const loadCounting = (loads: { count: number }) => async () => {
    loads.count += 1;
    return count();
  };

  it('answers a read again from memory while nothing changed', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    expect(await cache.read('numbers', loadCounting(loads), () => 8)).toBe(0);
    expect(await cache.read('numbers', loadCounting(loads), () => 8)).toBe(0);
    expect(loads.count).toBe(1);
  });

  it('reads again after another connection commits', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    await cache.read('numbers', loadCounting(loads), () => 8);
    writer.exec('insert into numbers values (1)');
    expect(await cache.read('numbers', loadCounting(loads), () => 8)).toBe(1);
    expect(loads.count).toBe(2);
  });

  it('reads again after a write of its own connection', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    await cache.read('numbers', loadCounting(loads), () => 8);
    reader.exec('insert into numbers values (1)');
    expect(await cache.read('numbers', loadCounting(loads), () => 8)).toBe(1);
    expect(loads.count).toBe(2);
  });

  it('reads again after a change of the schema, which changes no row', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    await cache.read('numbers', loadCounting(loads), () => 8);
    reader.exec('create index numbers_n on numbers (n)');
    await cache.read('numbers', loadCounting(loads), () => 8);
    expect(loads.count).toBe(2);
  });

  it('answers from memory after a checkpoint as the server makes them, which copies the log and changes nothing', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    writer.exec('insert into numbers values (1)');
    await cache.read('numbers', loadCounting(loads), () => 8);
    expect(writer.pragma('wal_checkpoint(PASSIVE)')).toEqual([{ busy: 0, log: 3, checkpointed: 3 }]);
    await cache.read('numbers', loadCounting(loads), () => 8);
    expect(loads.count).toBe(1);
    writer.exec('insert into numbers values (2)');
    expect(await cache.read('numbers', loadCounting(loads), () => 8)).toBe(2);
  });

  it('answers from memory after a write that changed no row', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    await cache.read('numbers', loadCounting(loads), () => 8);
    reader.exec('update numbers set n = 2 where n = 1');
    await cache.read('numbers', loadCounting(loads), () => 8);
    expect(loads.count).toBe(1);
  });

  it('never serves an answer read while another connection committed', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    // The other connection commits while the load is under way, after the cache looked at the database.
    const committingMeanwhile = async () => {
      writer.exec('insert into numbers values (1)');
      return loadCounting(loads)();
    };
    await cache.read('numbers', committingMeanwhile, () => 8);
    expect(await cache.read('numbers', loadCounting(loads), () => 8)).toBe(1);
    expect(loads.count).toBe(2);
  });

  it('keeps no answer that its own load outdated by writing', async () => {
    const cache = sqliteReadCache(reader, 1024 * 1024);
    const loads = { count: 0 };
    const writingMeanwhile = async () => {
      reader.exec('insert into numbers values (1)');
      return loadCounting(loads)();
    };
    await cache.read('numbers', writingMeanwhile, () => 8);
    expect(cache.heldBytes()).toBe(0);
    expect(await cache.read('numbers', loadCounting(loads), () => 8)).toBe(1);
    expect(loads.count).toBe(2);
    expect(cache.heldBytes()).toBeGreaterThan(0);
  });

  it('keeps nothing it is told not to keep, and at most its size, dropping the least recently used first', async () => {
    const cache = sqliteReadCache(reader, 2000);
    const loads = { count: 0 };
    const read = (key: string, size: number | false) => cache.read(key, loadCounting(loads), () => size);
    await read('not kept', false);
    await read('not kept', false);
    await read('too large', 2001);
    await read('too large', 2001);
    expect(loads.count).toBe(4);
    await read('first', 500);
    await read('second', 500);
    await read('first', 500);
    expect(loads.count).toBe(6);
    await read('third', 500);
    await read('first', 500);
    expect(loads.count).toBe(7);
    await read('second', 500);
    expect(loads.count).toBe(8);
  });
});

describe('reads through the API with the read cache', () => {
  let server: TestServer;
  const sqliteOnly = testDialect() === 'sqlite' ? it : it.skip;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.stop());

  async function newLocation() {
    const account = await createAccount(server);
    await seedCatalog(server, account.project);
    const base = `/api/v2/projects/${account.project.public_id}/locations`;
    const created = await call<{ data: { id: string } }>(server, 'POST', base, { token: account.token.token, body: fullLocationBody() });
    expect(created.status).toBe(201);
    const read = async () => {
      const one = await call<{ data: { name: string } }>(server, 'GET', `${base}/${created.body.data.id}`, { token: account.token.token });
      const page = await call<{ data: { name: string }[] }>(server, 'GET', `${base}?limit=10`, { token: account.token.token });
      const v1 = await call<{ data: { name: string }[] }>(server, 'GET', '/api/locations?limit=10', { token: account.legacyToken.token });
      return { one: one.body.data.name, page: page.body.data[0]?.name, v1: v1.body.data[0]?.name };
    };
    return { id: created.body.data.id, read };
  }

  sqliteOnly('answers a repeated read without asking the database', async () => {
    const { read } = await newLocation();
    await read();
    await read();
    server.queries.count = 0;
    await read();
    expect(server.queries.count).toBe(0);
  });

  it('shows a change committed by another connection (the CLI, another process) in every read', async () => {
    const { id, read } = await newLocation();
    await read();
    await read();
    const other: DatabaseHandle = openDatabase(server.ctx.config.databaseUrl);
    try {
      await other.db.updateTable('locations').set({ name: 'Renamed elsewhere' }).where('public_id', '=', id).execute();
    } finally {
      await other.close();
    }
    expect(await read()).toEqual({ one: 'Renamed elsewhere', page: 'Renamed elsewhere', v1: 'Renamed elsewhere' });
  });

  it('keeps a page per host, since its links are absolute', async () => {
    const account = await createAccount(server);
    const path = `/api/v2/projects/${account.project.public_id}/locations?limit=10`;
    // Through inject: fetch will not send a Host header other than the URL's.
    const first = async (host: string) => {
      const response = await server.app.inject({ method: 'GET', url: path, headers: { host, authorization: `Bearer ${account.token.token}` } });
      return (response.json() as { links: { first: string } }).links.first;
    };
    expect(await first('one.example')).toMatch(/^http:\/\/one\.example\//);
    expect(await first('two.example')).toMatch(/^http:\/\/two\.example\//);
    expect(await first('one.example')).toMatch(/^http:\/\/one\.example\//);
  });

  it('answers a location read by its owner as 404 to anyone else', async () => {
    // Everything is written first, the stranger's token's first use (its last_used_at) included: a write would
    // empty the cache before the stranger asks.
    const stranger = await createAccount(server);
    expect((await call(server, 'GET', '/api/v2/projects', { token: stranger.token.token })).status).toBe(200);
    const { id, read } = await newLocation();
    const projectId = (await server.database.db.selectFrom('locations').innerJoin('projects', 'projects.id', 'locations.project_id').select('projects.public_id').where('locations.public_id', '=', id).executeTakeFirstOrThrow()).public_id;
    await read();
    await read();
    const response = await call(server, 'GET', `/api/v2/projects/${projectId}/locations/${id}`, { token: stranger.token.token });
    expect(response.status).toBe(404);
  });

  it('shows a change made through the server\'s own connection outside the API in every read', async () => {
    const { id, read } = await newLocation();
    await read();
    await read();
    await server.database.db.updateTable('locations').set({ name: 'Renamed here' }).where('public_id', '=', id).execute();
    expect(await read()).toEqual({ one: 'Renamed here', page: 'Renamed here', v1: 'Renamed here' });
  });
});

describe('with READ_CACHE_MB=0', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { READ_CACHE_MB: '0' } });
  });
  afterAll(async () => server.stop());

  it('asks the database on every read', async () => {
    const account = await createAccount(server);
    const path = `/api/v2/projects/${account.project.public_id}/locations?limit=10`;
    await call(server, 'GET', path, { token: account.token.token });
    await call(server, 'GET', path, { token: account.token.token });
    server.queries.count = 0;
    await call(server, 'GET', path, { token: account.token.token });
    expect(server.queries.count).toBeGreaterThan(0);
  });
});
