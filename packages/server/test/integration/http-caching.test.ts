import { beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody, INCLUDE_ALL } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer();
let account: CreatedUser;
let base: string;

beforeEach(async () => {
  ({ account, locations: base } = await createCatalogAccount(server));
});

const v2 = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  call(server, method, path, { token: account.token.token, ...options });
const v1 = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  call(server, method, path, { token: account.legacyToken.token, ...options });

async function createLocation(overrides: Record<string, unknown> = {}): Promise<{ id: string }> {
  const created = await v2('POST', base, { body: fullLocationBody(overrides) });
  expect(created.status).toBe(201);
  return created.body.data;
}

/** Reads a path twice: once for its tag, once revalidating with it. */
async function revalidate(read: typeof v2, path: string) {
  const first = await read('GET', path);
  expect(first.status).toBe(200);
  const tag = first.headers.get('etag');
  // A single location's tag starts with its version (`If-Match`), a list's is the hash alone.
  expect(tag).toMatch(/^"(\d+\.)?[\w-]{27}"$/);
  expect(first.headers.get('cache-control')).toBe('private, no-cache');
  const again = await read('GET', path, { headers: { 'if-none-match': tag ?? '' } });
  return { first, tag, again };
}

describe.each([
  {
    name: 'V2 GET of one location',
    api: v2,
    path: async () => `${base}/${(await createLocation()).id}?${INCLUDE_ALL}`,
  },
  {
    name: 'V2 list page',
    api: v2,
    path: async () => {
      await createLocation();
      return `${base}?limit=10&${INCLUDE_ALL}`;
    },
  },
  {
    name: 'V1 GET of one location',
    api: v1,
    path: async () =>
      `/api/locations/${(await v1('POST', '/api/locations', { body: { name: 'Riverside', city: 'Austin', lat: 30.25, lng: -97.75 } })).body.id}`,
  },
  {
    name: 'V1 list page',
    api: v1,
    path: async () => {
      await createLocation();
      return '/api/locations?limit=5';
    },
  },
])('$name', ({ api, path }) => {
  it('answers with an ETag, and 304 with no body to If-None-Match with it', async () => {
    const { first, tag, again } = await revalidate(api, await path());
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(first.text.length).toBeGreaterThan(100);
  });

  it('compares tags weakly and within a list, and takes *', async () => {
    const at = await path();
    const { tag } = await revalidate(api, at);
    for (const header of [`"other", W/${tag}`, '*']) {
      expect((await api('GET', at, { headers: { 'if-none-match': header } })).status, header).toBe(304);
    }
    expect((await api('GET', at, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('answers 200 with a new tag once a write changed the answer', async () => {
    const at = await path();
    const { tag } = await revalidate(api, at);
    const [location] = (await v2('GET', `${base}?limit=1`)).body.data as { id: string }[];
    expect((await v2('PATCH', `${base}/${location?.id}`, { body: { phone: '+1 512 555 0177' } })).status).toBe(200);
    const after = await api('GET', at, { headers: { 'if-none-match': tag ?? '' } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect(after.text).toContain('+1 512 555 0177');
  });
});

describe('ETags', () => {
  it('differ between representations of one location (include flags)', async () => {
    const { id } = await createLocation();
    const all = await v2('GET', `${base}/${id}?${INCLUDE_ALL}`);
    const bare = await v2('GET', `${base}/${id}`);
    expect(all.headers.get('etag')).not.toBe(bare.headers.get('etag'));
    expect(
      (await v2('GET', `${base}/${id}`, { headers: { 'if-none-match': all.headers.get('etag') ?? '' } })).status,
    ).toBe(200);
  });

  it('are sent with a location’s writes (its new version) but not errors, and never turn a write into a 304', async () => {
    const { id } = await createLocation();
    const read = await v2('GET', `${base}/${id}`);
    const patch = await v2('PATCH', `${base}/${id}`, { body: {}, headers: { 'if-none-match': '*' } });
    expect(patch.status).toBe(200);
    expect(patch.headers.get('etag')).toMatch(/^"\d+\.[\w-]{27}"$/);
    const missing = await v2('GET', `${base}/loc_missing`, { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    expect(read.headers.get('etag')).toMatch(/^"\d+\.[\w-]{27}"$/);
  });
});
