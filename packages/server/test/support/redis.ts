import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';

/** The Redis server running on this machine (`TEST_REDIS_URL`). */
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A port nothing listens on: connections are refused at once. */
export const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:1';

export interface TestRedis {
  /** A key prefix of this test file's own; servers are given it (or a prefix below it) as `REDIS_KEY_PREFIX`. */
  readonly keyPrefix: string;
  /** A connection for looking at what the servers wrote, open from beforeAll on. */
  readonly client: Redis;
}

/**
 * Redis for the tests of one file: a prefix of its own, so files running side by side never share a budget, and a
 * connection; every key under the prefix is deleted after the file's tests.
 */
export function useTestRedis(): TestRedis {
  const keyPrefix = `locator-test-${randomBytes(6).toString('hex')}:`;
  let client: Redis | undefined;
  beforeAll(() => {
    client = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    if (!client) return;
    const keys = await keysUnder(client, keyPrefix);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });
  return {
    keyPrefix,
    get client() {
      if (!client) throw new Error('The Redis connection opens in beforeAll');
      return client;
    },
  };
}

/** Every key under a prefix, read with SCAN (KEYS would block a shared Redis). */
async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  for (let page = 0; page < 10_000; page += 1) {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
    if (cursor === '0') break;
  }
  return keys;
}
