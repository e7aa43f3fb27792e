import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

import { windowAt } from '../../src/ratelimit/rules.ts';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { REDIS_URL, useTestRedis } from '../support/redis.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Two `locator serve` processes counting in one Redis; the store itself is tested in
// test/integration/rate-limit-redis.test.ts.

const { keyPrefix } = useTestRedis();

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
        const created = await servicesOn(database.db).accounts.createUser({
          email: `shared${i}@example.com`,
          name: `Shared ${i}`,
        });
        const second = await servicesOn(database.db).accounts.createToken({
          email: created.user.email,
          name: 'second',
        });
        accounts.push({ tokens: [created.token.token, second.token] });
      }
    } finally {
      await database.close();
    }
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: `${keyPrefix}processes:`,
      RATE_LIMIT_PER_MINUTE: '10',
    };
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
