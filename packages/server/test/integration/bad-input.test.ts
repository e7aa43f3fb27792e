import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { fullLocationBody, seedCatalog } from '../support/factories.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { testDialect } from '../support/test-database.ts';

// Hostile input on every path, answered the same on both databases: never a 500, and text no database or page should
// hold is refused before it reaches either.

let server: TestServer;
let account: CreatedUser;
let locations: string;
let location: string;

beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server);
  await seedCatalog(server, account.project);
  locations = `/api/v2/projects/${account.project.public_id}/locations`;
  const created = await call(server, 'POST', locations, {
    token: account.token.token,
    body: fullLocationBody({ name: 'Original' }),
  });
  location = `${locations}/${created.body.data.id}`;
});
afterAll(async () => server.stop());

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body === undefined ? {} : { body }) });

describe(`text no database should hold, on ${testDialect()}`, () => {
  it.each([
    ['U+0000', 'a\u0000b', 'must not contain control characters (U+0000)'],
    ['U+001B', 'a\u001bb', 'must not contain control characters (U+001B)'],
    ['a lone surrogate', 'a\ud800b', 'must not contain unpaired surrogates (text that is not Unicode)'],
  ])('refuses %s in a body with 422 naming the field, and saves nothing', async (_name, text, message) => {
    const response = await v2('PATCH', location, { name: text, phone: '+1 555 0000' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: [message] });
    expect((await v2('GET', location)).body.data).toMatchObject({ name: 'Original', phone: '+1 512 555 0100' });
  });

  it('names nested fields and keys with dots', async () => {
    const response = await v2('PATCH', location, {
      hours: { mon: '09:00-17:00\u0000' },
      fields: { 'Man\u0007ager': 'x' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['fields.Man\u0007ager', 'hours.mon']);
  });

  it('keeps tab, line feed and carriage return', async () => {
    const response = await v2('PATCH', location, { address: 'Line one\r\n\tLine two' });
    expect(response.status).toBe(200);
    expect(response.body.data.address).toBe('Line one\r\n\tLine two');
  });

  it('refuses it in a V1 body too', async () => {
    const response = await call(server, 'POST', '/api/locations', {
      token: account.legacyToken.token,
      body: { name: 'x\u0000', city: 'Austin' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['name']);
  });

  it('answers 404 for a path ID holding it', async () => {
    for (const suffix of ['%00', '%1F', 'x%00y']) {
      const response = await v2('GET', `${location}${suffix}`);
      expect(response.status, suffix).toBe(404);
    }
    expect((await v2('DELETE', `${location}%00`)).status).toBe(404);
    expect((await call(server, 'GET', '/api/locations/1%00', { token: account.legacyToken.token })).status).toBe(404);
  });

  it('answers 422 naming the query parameter holding it', async () => {
    const response = await v2('GET', `${locations}?city=a%00b`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ city: ['must not contain control characters (U+0000)'] });
    expect((await v2('GET', `${locations}?name[like]=%ED%9F%BF%01`)).body.errors).toEqual({
      'name[like]': ['must not contain control characters (U+0001)'],
    });
  });
});

describe(`JSON nested deeper than any body of ours, on ${testDialect()}`, () => {
  it('is refused with 400 saying it is nested too deeply, not that it is malformed', async () => {
    const patch = (rawBody: string) =>
      call(server, 'PATCH', location, {
        token: account.token.token,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
    const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const rawBody of [arrays(400_000), objects(100_000), `{"name": "x", "fields": {"a": ${arrays(40)}}}`]) {
      const response = await patch(rawBody);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: 'The JSON of the request body is nested too deeply: at most 32 levels of arrays and objects are read.',
      });
    }
    // Brackets inside strings are text, and 32 levels are read (and then checked as any body is).
    expect((await patch(`{"name": "${'['.repeat(100)}"}`)).status).toBe(200);
    expect((await patch(objects(32))).status).toBe(422);
    expect((await v2('GET', location)).body.data.name).toBe('['.repeat(100));
    expect((await patch('{"name": "Original"}')).status).toBe(200);
  });
});

describe(`malformed query strings and URLs, on ${testDialect()}`, () => {
  it('refuses a parameter given twice, naming it', async () => {
    const response = await v2('GET', `${locations}?limit=1&limit=2`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ limit: ['must be given once'] });
  });

  it('refuses nested brackets as an unknown parameter', async () => {
    const response = await v2('GET', `${locations}?city[like][x]=a`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'city[like][x]': ['is not a known field'] });
  });

  it('answers 400 to broken percent-encoding in the query or the path', async () => {
    const query = await v2('GET', `${locations}?city=%E0%A4%A`);
    expect(query.status).toBe(400);
    expect(query.body.message).toContain('%E0%A4%A');
    expect((await v2('GET', `${locations}/%E0%A4%A`)).status).toBe(400);
  });

  it('answers a path or query longer than the server takes with a 4xx, never a 500', async () => {
    expect((await v2('GET', `${locations}/loc_${'x'.repeat(5_000)}`)).status).toBe(404);
    // Node refuses a request line and headers over 16 KB before any route runs.
    expect((await v2('GET', `${locations}?city=${'x'.repeat(20_000)}`)).status).toBe(431);
  });

  it('keeps V1 lists lenient: a page it cannot read is 1, and of a repeated limit the last counts', async () => {
    const response = await call(server, 'GET', '/api/locations?page=%00&limit=1&limit=2', {
      token: account.legacyToken.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ current_page: 1, per_page: 2 });
  });
});

describe(`text stored in Unicode normal form C, on ${testDialect()}`, () => {
  it('stores "Café" typed with a combining accent as the precomposed one', async () => {
    const response = await v2(
      'POST',
      locations,
      fullLocationBody({ name: 'Cafe\u0301 Zu\u0308rich', city: 'Zu\u0308rich' }),
    );
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ name: 'Café Zürich', city: 'Zürich', slug: 'cafe-zurich' });
    const found = await v2('GET', `${locations}?name=Cafe%CC%81%20Zu%CC%88rich`);
    expect(found.body.data.map((item: { name: string }) => item.name)).toEqual(['Café Zürich']);
  });

  it('finds a configured name typed either way one name', async () => {
    const markers = `/api/v2/projects/${account.project.public_id}/markers`;
    expect((await v2('POST', markers, { name: 'Café' })).status).toBe(201);
    const twin = await v2('POST', markers, { name: 'Cafe\u0301' });
    expect(twin.status).toBe(422);
    expect(Object.keys(twin.body.errors)).toEqual(['name']);
  });
});

describe(`values the database would refuse, on ${testDialect()}`, () => {
  it('refuses them before the database with 422', async () => {
    const types = `/api/v2/projects/${account.project.public_id}/location-types`;
    expect((await v2('POST', types, { name: 'Huge', priority: 2 ** 31 })).status).toBe(422);
    expect((await v2('PATCH', location, { name: 'x'.repeat(256) })).status).toBe(422);
    expect((await v2('PATCH', location, { lat: 1e308 })).status).toBe(422);
    expect(
      (
        await call(server, 'PUT', '/api/locations/1', {
          token: account.legacyToken.token,
          body: { name: 'x', lat: '1e400' },
        })
      ).status,
    ).toBeLessThan(500);
  });
});
