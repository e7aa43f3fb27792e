import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from '../../src/ratelimit/redis.store.ts';
import { budgetKey, MINUTE_MS, windowAt } from '../../src/ratelimit/rules.ts';
import { REDIS_URL, UNREACHABLE_REDIS_URL, useTestRedis } from '../support/redis.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// The Redis store and a server limiting through it; two server processes sharing one budget are a system test
// (test/system/rate-limit-redis.processes.test.ts).

const redis = useTestRedis();
const keyPrefix = redis.keyPrefix;
const W = 1_700_000_040_000;

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
    expect(await redis.client.get(redisKey)).toBe('2');
    const ttl = await redis.client.pttl(redisKey);
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
  const server = useTestServer({
    env: { REDIS_URL, REDIS_KEY_PREFIX: `${keyPrefix}server:`, RATE_LIMIT_PER_MINUTE: '2' },
  });

  it('is ready with Redis answering, and limits through it', async () => {
    const readiness = await call(server, 'GET', '/readyz');
    expect(readiness.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });

    const { token } = await createAccount(server);
    expect(
      (await call(server, 'GET', '/api/v2/user', { token: token.token })).headers.get('x-ratelimit-remaining'),
    ).toBe('1');
    expect((await call(server, 'GET', '/api/v2/user', { token: token.token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v2/user', { token: token.token })).status).toBe(429);
  });
});

describe('a server whose Redis is unreachable', () => {
  const logLines: string[] = [];
  const server = useTestServer({ env: { REDIS_URL: UNREACHABLE_REDIS_URL, RATE_LIMIT_PER_MINUTE: '1' }, logLines });

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
