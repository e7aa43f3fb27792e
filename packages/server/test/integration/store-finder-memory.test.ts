import { beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createLocationDirectly } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// What a search reads from the database once its project is in memory: nothing. The key's access comes from memory
// until this process commits a write, the index holds the places, and the answers' bodies stay in their cache until
// a write changes them.

const server = useTestServer();
let account: CreatedUser;
let key: string;

beforeAll(async () => {
  account = await createAccount(server);
  key = (await server.services.finder.keys.create({ owner: { project: refOfProject(account.project) }, origins: [] }))
    .key;
  for (const [n, name] of ['Congress', 'Lamar', 'Guadalupe'].entries())
    await createLocationDirectly(server.database.db, account.project, {
      name,
      city: 'Austin',
      lat: 30.27 + n / 100,
      lng: -97.74,
    });
});

/** What answered the last search: the index, or the database while the index was being built. */
let answeredBy: string | null = null;

const search = async (lat: number) => {
  const answer = await call(server, 'GET', `/api/public/v1/search?key=${key}&lat=${lat}&lng=-97.74`);
  expect(answer.status).toBe(200);
  answeredBy = answer.headers.get('server-timing');
  return (answer.body.data as { name: string }[]).map((location) => location.name);
};

/** Until the server has made no query for 50 ms: what it does after a build in the background (filling the bodies' cache) is over. */
async function quiet(): Promise<void> {
  for (let before = -1; before !== server.queries.count; ) {
    before = server.queries.count;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The queries a call makes. */
async function queriesOf<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const before = server.queries.count;
  const result = await work();
  return { result, queries: server.queries.count - before };
}

describe('a search of a project in memory', () => {
  it('asks the database nothing, until a write of this process', async () => {
    // The first search starts the index's build and is answered from the database; the next read the bodies.
    expect(await search(30.27)).toEqual(['Congress', 'Lamar', 'Guadalupe']);
    expect(answeredBy).toBe('search;desc="database"');
    await server.services.finder.warmUp();
    await quiet();
    const warm = await queriesOf(() => search(30.29));
    expect(warm.result).toEqual(['Guadalupe', 'Lamar', 'Congress']);
    expect(warm.queries).toBe(0);
    expect(answeredBy).toBe('search;desc="index"');

    const patched = await call(
      server,
      'PATCH',
      `/api/v2/projects/${account.project.public_id}/locations/${(await locationId('Lamar')) ?? ''}`,
      { token: account.token.token, body: { name: 'South Lamar' } },
    );
    expect(patched.status).toBe(200);
    const afterWrite = await queriesOf(() => search(30.29));
    expect(afterWrite.result).toEqual(['Guadalupe', 'South Lamar', 'Congress']);
    expect(afterWrite.queries).toBeGreaterThan(0);
    await quiet();
    expect((await queriesOf(() => search(30.29))).queries).toBe(0);
  });
});

async function locationId(name: string): Promise<string | undefined> {
  const row = await server.database.db
    .selectFrom('locations')
    .select('public_id')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.public_id;
}
