import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1Client, V2Client } from '../src/index.ts';
import { locationBody, recordingFetch, seededAccount, startTestServer, type TestServer } from './support/locator.ts';

const COUNT = 250;

let server: TestServer;
let account: Awaited<ReturnType<typeof seededAccount>>;
let createdIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  account = await seededAccount(server);
  const client = new V2Client({ baseUrl: server.url, token: account.token.token });
  createdIds = [];
  // Ten at a time: quick, and well inside the rate limit.
  for (let start = 0; start < COUNT; start += 10) {
    const batch = Array.from({ length: Math.min(10, COUNT - start) }, (_, offset) =>
      client.createLocation(
        account.project.public_id,
        locationBody({
          name: `Store ${String(start + offset).padStart(3, '0')}`,
          city: (start + offset) % 2 ? 'Austin' : 'Dallas',
        }),
      ),
    );
    createdIds.push(...(await Promise.all(batch)).map((location) => location.id));
  }
}, 120_000);
afterAll(async () => server.stop());

describe('iterating every location against the real server', () => {
  it('V2: 250 locations with limit=100 in three requests, each with limit=100', async () => {
    const recorder = recordingFetch();
    const client = new V2Client({ baseUrl: server.url, token: account.token.token, fetch: recorder.fetch });
    const ids: string[] = [];
    for await (const location of client.locations(account.project.public_id, { limit: 100 })) ids.push(location.id);

    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids)).toEqual(new Set(createdIds));
    expect(
      recorder.requests.map((request) => [request.url.searchParams.get('page'), request.url.searchParams.get('limit')]),
    ).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
  });

  it('V2: pages keep the filter and include flags', async () => {
    const recorder = recordingFetch();
    const client = new V2Client({ baseUrl: server.url, token: account.token.token, fetch: recorder.fetch });
    const pages = [];
    for await (const page of client.locationPages(account.project.public_id, {
      limit: 50,
      city: 'Austin',
      includeHours: '1',
    }))
      pages.push(page);

    expect(pages.map((page) => page.data.length)).toEqual([50, 50, 25]);
    expect(
      pages
        .flatMap((page) => page.data)
        .every((location) => location.city === 'Austin' && location.hours !== undefined),
    ).toBe(true);
    expect(
      recorder.requests.every(
        (request) =>
          request.url.searchParams.get('city') === 'Austin' && request.url.searchParams.get('includeHours') === '1',
      ),
    ).toBe(true);
  });

  it('V1: the same 250 locations with limit=100 in three requests', async () => {
    const recorder = recordingFetch();
    const client = new V1Client({ baseUrl: server.url, token: account.legacyToken.token, fetch: recorder.fetch });
    const ids: number[] = [];
    const names = new Set<string>();
    for await (const location of client.locations({ limit: 100 })) {
      ids.push(Number(location.id));
      names.add(location.name);
    }

    expect(ids).toHaveLength(COUNT);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(names.size).toBe(COUNT);
    expect(recorder.requests.map((request) => request.url.searchParams.get('limit'))).toEqual(['100', '100', '100']);
  });
});
