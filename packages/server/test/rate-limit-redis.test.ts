import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { budgetKey, MINUTE_MS, windowAt } from '../src/domain/rate-limit.ts';
import { RedisRateLimitStore } from '../src/ratelimit/redis.store.ts';
import { createToken, createUser } from '../src/services/accounts.service.ts';
import { startChildServer, type ChildServer } from './support/child-server.ts';
import { call, createAccount, startTestServer, type TestServer } from './support/server.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

/** The Redis server running on this machine. Every run works under a prefix of its own (one below it per suite) and removes its keys. */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** A port nothing listens on: connections are refused at once. */
const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:1';
const keyPrefix = `locator-test-${randomBytes(6).toString('hex')}:`;
const W = 1_700_000_040_000;

let redis: Redis;
beforeAll(() => {
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = await keysUnderPrefix();
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function keysUnderPrefix(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  for (let page = 0; page < 10_000; page += 1) {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
    if (cursor === '0') break;
  }
  return keys;
}

describe('the Redis store', () => {
  let store: RedisRateLimitStore;
  beforeAll(async () => {
    store = new RedisRateLimitStore({ url: REDIS_URL, keyPrefix: `${keyPrefix}store:` });
    await store.ready();
  });
  afterAll(async () => store.close());

  it('counts atomically under concurrency and reads without counting', async () => {
    const window = windowAt(W);
    const key = budgetKey({ kind: 'user', api: 'v2', userId: 1 });
    const counts = await Promise.all(Array.from({ length: 200 }, () => store.increment(key, window)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await store.count(key, window)).toBe(200);
    expect(await store.count(key, window)).toBe(200);
  });

  it('keeps V1 and V2, users and windows apart, under the namespaced key with an expiry', async () => {
    const window = windowAt(W);
    const v1 = budgetKey({ kind: 'user', api: 'v1', userId: 2 });
    const v2 = budgetKey({ kind: 'user', api: 'v2', userId: 2 });
    expect(await store.increment(v2, window)).toBe(1);
    expect(await store.increment(v2, window)).toBe(2);
    expect(await store.increment(v1, window)).toBe(1);
    expect(await store.count(budgetKey({ kind: 'user', api: 'v2', userId: 3 }), window)).toBe(0);
    expect(await store.count(v2, windowAt(W + MINUTE_MS))).toBe(0);

    const redisKey = `${keyPrefix}store:rl:${v2}:${window.start}`;
    expect(await redis.get(redisKey)).toBe('2');
    const ttl = await redis.pttl(redisKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2 * MINUTE_MS);
  });

  it('rejects quickly when Redis cannot be reached, so the limiter can fail open', async () => {
    const unreachable = new RedisRateLimitStore({ url: UNREACHABLE_REDIS_URL, keyPrefix });
    try {
      await expect(unreachable.ready()).rejects.toThrow();
      await expect(unreachable.increment('v2:user:1', windowAt(W))).rejects.toThrow();
      await expect(unreachable.ping()).rejects.toThrow();
    } finally {
      await unreachable.close();
    }
  });
});

describe('a server on Redis', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { REDIS_URL, REDIS_KEY_PREFIX: `${keyPrefix}server:`, RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(async () => server.stop());

  it('is ready with Redis answering, and limits through it', async () => {
    const readiness = await call(server, 'GET', '/readyz');
    expect(readiness.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });

    const { token } = await createAccount(server);
    expect((await call(server, 'GET', '/api/v2/user', { token: token.token })).headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await call(server, 'GET', '/api/v2/user', { token: token.token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v2/user', { token: token.token })).status).toBe(429);
  });
});

describe('a server whose Redis is unreachable', () => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ env: { REDIS_URL: UNREACHABLE_REDIS_URL, RATE_LIMIT_PER_MINUTE: '1' }, logLines });
  });
  afterAll(async () => server.stop());

  it('keeps answering without limits or rate-limit headers, and /readyz reports Redis', async () => {
    const { token } = await createAccount(server);
    for (let i = 0; i < 3; i += 1) {
      const response = await call(server, 'GET', '/api/v2/user', { token: token.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
    // Told once, not once per request: the limiter saw each failure and pauses, logging at most once a minute.
    expect(logLines.filter((line) => line.includes('rate-limit store unreachable'))).toHaveLength(1);
    expect((await call(server, 'GET', '/api/v2/user', { token: 'lct2_guess' })).status).toBe(401);
    const readiness = await call(server, 'GET', '/readyz');
    expect(readiness.status).toBe(503);
    expect(readiness.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'unreachable' } });
    expect((await call(server, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('two server processes on one Redis', () => {
  let shared: TestDatabase | undefined;
  const accounts: { tokens: [string, string] }[] = [];
  const servers: ChildServer[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase();
    const databaseUrl = shared.url;
    const database = openDatabase(databaseUrl);
    try {
      await migrateToLatest(database);
      for (let i = 0; i < 3; i += 1) {
        const created = await createUser(database.db, { email: `shared${i}@example.com`, name: `Shared ${i}` });
        const second = await createToken(database.db, { email: created.user.email, name: 'second' });
        accounts.push({ tokens: [created.token.token, second.token] });
      }
    } finally {
      await database.close();
    }
    const env = { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_KEY_PREFIX: `${keyPrefix}processes:`, RATE_LIMIT_PER_MINUTE: '10' };
    servers.push(await startChildServer(env));
    servers.push(await startChildServer(env));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await shared?.dispose();
  });

  it('share one budget per user: the tenth request across both is allowed, the eleventh refused by either', async () => {
    // The processes read the real clock. A run that happens to straddle a minute is repeated with a fresh user.
    let completed = false;
    for (const { tokens } of accounts) {
      const windowBefore = windowAt(Date.now()).start;
      const answers: { status: number; remaining: string | null }[] = [];
      for (let request = 0; request < 12; request += 1) {
        const response = await fetch(`${servers[request % 2]?.url}/api/v2/user`, {
          headers: { authorization: `Bearer ${tokens[Math.floor(request / 2) % 2]}` },
        });
        await response.arrayBuffer();
        answers.push({ status: response.status, remaining: response.headers.get('x-ratelimit-remaining') });
      }
      if (windowAt(Date.now()).start !== windowBefore) continue;
      expect(answers).toEqual([
        ...Array.from({ length: 10 }, (_, i) => ({ status: 200, remaining: String(9 - i) })),
        { status: 429, remaining: '0' },
        { status: 429, remaining: '0' },
      ]);
      completed = true;
      break;
    }
    expect(completed).toBe(true);
  });
});
