import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { setPlan } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// Publishable keys on V2, and what a key lets a web page do on the public store finder.

const server = useTestServer();
let account: CreatedUser;
let keys: string;

beforeAll(async () => {
  account = await createAccount(server);
  keys = `/api/v2/projects/${account.project.public_id}/publishable-keys`;
});

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body === undefined ? {} : { body }) });
const search = (query: string, headers: Record<string, string> = {}) =>
  call(server, 'GET', `/api/public/v1/search?lat=30.27&lng=-97.74&${query}`, { headers });

describe('publishable keys on V2', () => {
  it('creates keys with normalised origins, lists them, replaces origins and revokes', async () => {
    const created = await v2('POST', keys, { origins: ['https://Shop.example:443/', 'https://*.shop.example'] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^pky_/),
      key: expect.stringMatching(/^lpk_[0-9A-Za-z]{24}$/),
      origins: ['https://shop.example', 'https://*.shop.example'],
      created_at: expect.any(String),
      revoked_at: null,
    });
    const id = created.body.data.id;
    const anyOrigin = await v2('POST', keys, {});
    expect(anyOrigin.body.data.origins).toEqual([]);

    const listed = await v2('GET', keys);
    expect(listed.body.data.map((key: { id: string }) => key.id)).toEqual(
      expect.arrayContaining([id, anyOrigin.body.data.id]),
    );

    const patched = await v2('PATCH', `${keys}/${id}`, { origins: ['http://localhost:5173'] });
    expect(patched.body.data.origins).toEqual(['http://localhost:5173']);
    const revoked = await v2('DELETE', `${keys}/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).toEqual(expect.any(String));
    expect((await v2('DELETE', `${keys}/${id}`)).body.data.revoked_at).toBe(revoked.body.data.revoked_at);
  });

  it('refuses origins that are not a scheme and a host, naming each, and saves nothing', async () => {
    const before = (await v2('GET', keys)).body.data.length;
    const response = await v2('POST', keys, {
      origins: ['https://ok.example', 'shop.example', 'https://shop.example/path'],
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['origins.1', 'origins.2']);
    expect((await v2('GET', keys)).body.data.length).toBe(before);
  });

  it("does not find another project's key", async () => {
    const other = await createAccount(server);
    const theirs = await call(server, 'POST', `/api/v2/projects/${other.project.public_id}/publishable-keys`, {
      token: other.token.token,
      body: {},
    });
    expect((await v2('PATCH', `${keys}/${theirs.body.data.id}`, { origins: [] })).status).toBe(404);
    expect((await v2('DELETE', `${keys}/${theirs.body.data.id}`)).status).toBe(404);
  });
});

describe('a key on the store finder', () => {
  it('is needed, in the query or the X-Locator-Key header; an unknown or revoked key is 401', async () => {
    const { key, id } = (await v2('POST', keys, {})).body.data;
    expect((await search('')).status).toBe(401);
    expect((await search('key=lpk_unknown')).status).toBe(401);
    expect((await search(`key=${key}`)).status).toBe(200);
    expect((await search('', { 'x-locator-key': key })).status).toBe(200);
    await v2('DELETE', `${keys}/${id}`);
    const revoked = await search(`key=${key}`);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/revoked/);
  });

  it('answers only the origins it allows, echoing the origin for CORS so that a refused page can read why', async () => {
    const { key } = (await v2('POST', keys, { origins: ['https://shop.example', 'https://*.brand.example'] })).body
      .data;
    const allowed = await search(`key=${key}`, { origin: 'https://eu.brand.example' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://eu.brand.example');
    expect(allowed.headers.get('vary')).toMatch(/Origin/);
    const refused = await search(`key=${key}`, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(refused.headers.get('vary')).toMatch(/Origin/);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.body.message).toMatch(
      /does not allow the origin https:\/\/evil\.example: add it to the key's origins/,
    );
    // Without an Origin (a server, curl), the key alone decides.
    expect((await search(`key=${key}`)).status).toBe(200);
  });

  it('refuses a key given twice or holding a NUL as bad input, before looking it up', async () => {
    const { key } = (await v2('POST', keys, {})).body.data;
    const twice = await search(`key=${key}&key=${key}`);
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toHaveProperty('key');
    const nul = await search('key=lpk_%00');
    expect(nul.status).toBe(422);
  });

  it('lets an allowed page read refusals too, and tells a bad key before a bad parameter', async () => {
    const { key } = (await v2('POST', keys, { origins: ['https://shop.example'] })).body.data;
    const origin = { origin: 'https://shop.example' };
    const invalid = await call(server, 'GET', `/api/public/v1/search?lat=abc&lng=-97.74&key=${key}`, {
      headers: origin,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toHaveProperty('lat');
    expect(invalid.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    // A refusal is never cached, nor revalidated.
    expect(invalid.headers.get('cache-control')).toBe('no-store');
    expect(invalid.headers.get('etag')).toBeNull();
    // A page reads the validator and the limits it revalidates and backs off with.
    const found = await search(`key=${key}`, origin);
    expect(found.headers.get('access-control-expose-headers')).toMatch(/ETag.*Retry-After/);
    const unknown = await call(server, 'GET', '/api/public/v1/search?lat=abc&key=lpk_000000000000000000000000', {
      headers: origin,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    // A refused origin learns nothing of the parameters either.
    const refused = await call(server, 'GET', `/api/public/v1/search?lat=abc&key=${key}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toBeUndefined();
  });

  it('varies every answer by Origin and by the key header, so a shared cache keeps sites and projects apart', async () => {
    const { key } = (await v2('POST', keys, {})).body.data;
    for (const response of [
      await search(`key=${key}`),
      await search('', { 'x-locator-key': key, origin: 'https://shop.example' }),
      await search('key=lpk_000000000000000000000000'),
    ]) {
      expect(response.headers.get('vary')).toBe('Origin, X-Locator-Key');
    }
    const first = await search('', { 'x-locator-key': key });
    const revalidated = await search('', { 'x-locator-key': key, 'if-none-match': first.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('vary')).toBe('Origin, X-Locator-Key');
  });

  it('answers CORS preflights for the header it takes', async () => {
    const response = await call(server, 'OPTIONS', '/api/public/v1/search', {
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-locator-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/X-Locator-Key/i);
  });

  it('is cacheable by anyone and revalidates with its ETag', async () => {
    const { key } = (await v2('POST', keys, {})).body.data;
    const first = await search(`key=${key}`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const again = await search(`key=${key}`, { 'if-none-match': first.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('works only for a Business project', async () => {
    const basic = await createAccount(server);
    const { key } = (
      await call(server, 'POST', `/api/v2/projects/${basic.project.public_id}/publishable-keys`, {
        token: basic.token.token,
        body: {},
      })
    ).body.data;
    await setPlan(server, basic.project.id, 'basic');
    expect((await search(`key=${key}`)).status).toBe(403);
    // The owner learns why; a page does not learn the project's plan.
    const fromPage = await search(`key=${key}`, { origin: 'https://shop.example' });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the store finder rate limit', () => {
  const limited = useTestServer({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '3' } });

  it('counts per client address and key, and answers 429 with Retry-After', async () => {
    const owner = await createAccount(limited);
    const path = `/api/v2/projects/${owner.project.public_id}/publishable-keys`;
    const first = (await call(limited, 'POST', path, { token: owner.token.token, body: {} })).body.data.key;
    const second = (await call(limited, 'POST', path, { token: owner.token.token, body: {} })).body.data.key;
    const find = (key: string) => call(limited, 'GET', `/api/public/v1/search?lat=30.27&lng=-97.74&key=${key}`);
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await find(first)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(limited, 'GET', `/api/public/v1/search?lat=30.27&lng=-97.74&key=${first}`, {
      headers: { origin: 'https://shop.example' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The page may read why, and when to try again.
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect((await find(second)).status).toBe(200);
  });
});

describe('a search by place when the geocoder does not answer', () => {
  // Nothing listens on port 9 of this machine: every geocoding request fails at once.
  const stranded = useTestServer({ env: { GEOCODER: 'nominatim', NOMINATIM_URL: 'http://127.0.0.1:9' } });

  it('is 503 with Retry-After, not an answer that no place matched', async () => {
    const owner = await createAccount(stranded);
    const { key } = (
      await call(stranded, 'POST', `/api/v2/projects/${owner.project.public_id}/publishable-keys`, {
        token: owner.token.token,
        body: {},
      })
    ).body.data;
    const response = await call(stranded, 'GET', `/api/public/v1/search?q=Austin&key=${key}`);
    expect(response.status).toBe(503);
    expect(response.body.message).toMatch(/geocoder did not answer/);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
  });
});
