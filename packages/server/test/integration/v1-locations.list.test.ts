import { describe, expect, it } from 'vitest';
import { fullLocationBody } from '../support/factories.ts';
import { call, createAccount, startTestServer } from '../support/server.ts';
import { useV1Locations, V1_KEYS } from '../support/v1-locations.ts';

// GET /api/locations: Laravel-style pages, their links and limits, and the attachments of every item.
// Shared setup: test/support/v1-locations.ts.

const fixture = useV1Locations();
const { v1, v2, createV1, readV1, createV2 } = fixture;

describe('GET /api/locations (pagination)', () => {
  const path = () => `${fixture.server.url}/api/locations`;

  async function seed(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 1; index <= count; index += 1) ids.push((await createV1({ name: `Location ${index}` })).id);
    return ids;
  }

  async function list(query = '') {
    const response = await v1('GET', `/api/locations${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(Object.keys(response.body)).toEqual(['data', 'links', 'meta']);
    return response.body;
  }

  it('answers an empty project with one empty page', async () => {
    const page = await list();
    expect(page).toEqual({
      data: [],
      links: { first: `${path()}?page=1`, last: `${path()}?page=1`, prev: null, next: null, self: `${path()}?page=1` },
      meta: { current_page: 1, from: null, last_page: 1, path: path(), per_page: 15, to: null, total: 0 },
    });
  });

  it('fits exactly one default page of 15', async () => {
    const ids = await seed(15);
    const page = await list();
    expect(page.data.map((item: { id: string }) => item.id)).toEqual(ids);
    expect(page.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      path: path(),
      per_page: 15,
      to: 15,
      total: 15,
    });
    expect([page.links.prev, page.links.next]).toEqual([null, null]);
  });

  it('walks pages by their links, keeping limit, ending on a partial page, without repeats', async () => {
    const ids = await seed(7);
    const first = await list('?limit=3');
    expect(first.meta).toMatchObject({ current_page: 1, from: 1, to: 3, last_page: 3, per_page: 3, total: 7 });
    expect(first.links).toEqual({
      first: `${path()}?limit=3&page=1`,
      last: `${path()}?limit=3&page=3`,
      prev: null,
      next: `${path()}?limit=3&page=2`,
      self: `${path()}?limit=3&page=1`,
    });
    const seen: string[] = [];
    let next: string | null = first.links.next;
    seen.push(...first.data.map((item: { id: string }) => item.id));
    const pages = [first];
    while (next) {
      const page = await list(next.slice(path().length));
      pages.push(page);
      seen.push(...page.data.map((item: { id: string }) => item.id));
      next = page.links.next;
    }
    expect(seen).toEqual(ids);
    const last = pages.at(-1);
    expect(last.meta).toEqual({ current_page: 3, from: 7, last_page: 3, path: path(), per_page: 3, to: 7, total: 7 });
    expect(last.links).toMatchObject({
      prev: `${path()}?limit=3&page=2`,
      next: null,
      self: `${path()}?limit=3&page=3`,
    });
    expect(pages[1].meta).toMatchObject({ current_page: 2, from: 4, to: 6 });
  });

  it('answers a page past the end with no items and null from/to', async () => {
    await seed(4);
    const page = await list('?limit=3&page=5');
    expect(page.data).toEqual([]);
    expect(page.meta).toEqual({
      current_page: 5,
      from: null,
      last_page: 2,
      path: path(),
      per_page: 3,
      to: null,
      total: 4,
    });
    expect(page.links).toMatchObject({
      prev: `${path()}?limit=3&page=4`,
      next: null,
      last: `${path()}?limit=3&page=2`,
    });
    const far = await list('?limit=100&page=1000000000000');
    expect(far.data).toEqual([]);
    expect(far.meta).toMatchObject({ current_page: 1000000000000, from: null, to: null, total: 4 });
  });

  it('falls back to 15 for a limit above 100, below 1 or not an integer, and links carry the limit used', async () => {
    await seed(16);
    for (const limit of ['101', '0', '-5', 'abc', '2.5', '', '1e1']) {
      const page = await list(`?limit=${limit}`);
      expect(page.meta.per_page, limit).toBe(15);
      expect(page.data).toHaveLength(15);
      expect(page.links.next, limit).toBe(`${path()}?limit=15&page=2`);
    }
    expect((await list('?limit=100')).meta).toMatchObject({ per_page: 100, last_page: 1, to: 16 });
    expect((await list('?limit=1')).meta).toMatchObject({ per_page: 1, last_page: 16, to: 1 });
    expect((await list('?limit=2&limit=4')).meta.per_page).toBe(4);
  });

  it('reads a page that is not a positive integer as page 1, never a 422', async () => {
    await seed(2);
    for (const page of ['abc', '0', '-2', '1.5', '']) {
      const body = await list(`?limit=1&page=${page}`);
      expect(body.meta.current_page, page).toBe(1);
      expect(body.links.next, page).toBe(`${path()}?limit=1&page=2`);
    }
    const far = await list('?page=99999999999999999999');
    expect(far.meta.current_page).toBe(1);
  });

  it('keeps other query parameters in links and applies no V2 filter', async () => {
    await seed(3);
    const page = await list('?city=Nowhere&limit=2&includeHours=0');
    expect(page.meta.total).toBe(3);
    expect(page.links.next).toBe(`${path()}?city=Nowhere&limit=2&includeHours=0&page=2`);
  });

  it('includes hours, filters, fields and buttons on every item', async () => {
    const { v1Id } = await createV2();
    await createV1({ name: 'Plain' });
    const page = await list();
    const [attached, plain] = page.data;
    expect(Object.keys(attached)).toEqual(V1_KEYS);
    expect(attached).toEqual(await readV1(v1Id));
    expect(attached.hours.location_id).toBe(v1Id);
    expect(attached.filters).toHaveLength(2);
    expect(attached.fields).toHaveLength(2);
    expect(attached.buttons).toHaveLength(1);
    expect(plain).toMatchObject({ hours: null, filters: [], fields: [], buttons: [] });
  });

  it('runs the same number of queries for a page of 30 as for a page of 2, attachments included', async () => {
    for (let index = 0; index < 30; index += 1)
      expect((await v2('POST', fixture.v2Base, fullLocationBody({ name: `Attached ${index}` }))).status).toBe(201);
    // The first call of a token records its use; counting starts after it.
    await list('?limit=1');
    fixture.server.queries.count = 0;
    expect((await list('?limit=2')).data).toHaveLength(2);
    const small = fixture.server.queries.count;
    fixture.server.queries.count = 0;
    expect((await list('?limit=30')).data).toHaveLength(30);
    expect(fixture.server.queries.count).toBe(small);
  });

  it('builds absolute links on the configured public URL', async () => {
    const configured = await startTestServer({ env: { PUBLIC_URL: 'https://locator.example.com' } });
    try {
      const owner = await createAccount(configured);
      const response = await call(configured, 'GET', '/api/locations?limit=5', { token: owner.legacyToken.token });
      expect(response.body.meta.path).toBe('https://locator.example.com/api/locations');
      expect(response.body.links.self).toBe('https://locator.example.com/api/locations?limit=5&page=1');
    } finally {
      await configured.stop();
    }
  });
});
