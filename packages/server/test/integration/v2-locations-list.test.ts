import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody, INCLUDE_ALL } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer();
let account: CreatedUser;
let base: string;
const ids: string[] = [];

const get = (query: string) => call(server, 'GET', `${base}?${query}`, { token: account.token.token });
const names = (response: { body: { data: { name: string }[] } }) => response.body.data.map((location) => location.name);

const CITIES = [
  ['Austin', 'TX', '78701', 'US'],
  ['Dallas', 'TX', '75201', 'US'],
  ['Portland', 'OR', '97201', 'US'],
  ['Portland', 'ME', '04101', 'US'],
  ['São Paulo', 'SP', '01000-000', 'BR'],
] as const;

beforeAll(async () => {
  ({ account, locations: base } = await createCatalogAccount(server));
  for (let n = 1; n <= 30; n += 1) {
    const [city, state, postcode, country] = CITIES[n % CITIES.length] ?? CITIES[0];
    server.clock.now = Date.parse('2026-01-01T00:00:00Z') + n * 60_000;
    const response = await call(server, 'POST', base, {
      token: account.token.token,
      body: fullLocationBody({
        name: `Store ${String(n).padStart(2, '0')}`,
        city,
        state,
        postcode,
        country,
        visible: n % 3 !== 0,
      }),
    });
    ids.push(response.body.data.id);
  }
});

describe('GET /locations (list)', () => {
  it('pages by 25 by default, ordered by ID, with links and meta', async () => {
    const response = await get('');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(25);
    expect(response.body.data.map((l: { id: string }) => l.id)).toEqual(ids.slice(0, 25));
    expect(response.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 2,
      path: `${server.url}${base}`,
      per_page: 25,
      to: 25,
      total: 30,
    });
    expect(response.body.links).toEqual({
      first: `${server.url}${base}?page=1`,
      last: `${server.url}${base}?page=2`,
      prev: null,
      next: `${server.url}${base}?page=2`,
      self: `${server.url}${base}?page=1`,
    });
    expect(response.body.data[0]).not.toHaveProperty('hours');
  });

  it('keeps every given parameter in links, so following next keeps limit and filters', async () => {
    const first = await get('limit=4&state=TX&includeHours=1');
    expect(first.body.meta).toMatchObject({ total: 12, per_page: 4, last_page: 3 });
    const next = new URL(first.body.links.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: '4', state: 'TX', includeHours: '1', page: '2' });
    const second = await call(server, 'GET', next.pathname + next.search, { token: account.token.token });
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 5, to: 8 });
    expect(second.body.data[0]).toHaveProperty('hours');
    const all = new Set([...names(first), ...names(second)]);
    expect(all.size).toBe(8);
  });

  it('answers the last partial page and a page past the end', async () => {
    const last = await get('limit=7&page=5');
    expect(last.body.data).toHaveLength(2);
    expect(last.body.meta).toMatchObject({ from: 29, to: 30, last_page: 5 });
    expect(last.body.links.next).toBeNull();
    const past = await get('limit=7&page=9');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ from: null, to: null, current_page: 9, total: 30 });
    const farthest = await get('limit=100&page=1000000000');
    expect([farthest.status, farthest.body.data]).toEqual([200, []]);
  });

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['limit=abc'],
    ['limit=2.5'],
    ['page=0'],
    ['page=-1'],
    ['page=99999999999999999999'],
    ['page=1000000001'],
  ])('refuses %s with 422', async (query) => {
    const response = await get(query);
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual([query.split('=')[0]]);
  });

  it('filters by exact value, ignoring case, with the plain and [eq] forms', async () => {
    expect((await get('city=portland&limit=100')).body.meta.total).toBe(12);
    expect((await get('city[eq]=PORTLAND&state=me&limit=100')).body.meta.total).toBe(6);
    expect((await get('postal_code=97201')).body.meta.total).toBe(6);
    expect((await get('postcode[eq]=97201')).body.meta.total).toBe(6);
  });

  it('filters with ne and like', async () => {
    expect((await get('city[ne]=Portland&limit=100')).body.meta.total).toBe(18);
    expect((await get('name[like]=store 1&limit=100')).body.meta.total).toBe(10);
    expect((await get('address[like]=78701')).body.meta.total).toBe(6);
    expect((await get('name[like]=%')).body.meta.total).toBe(0);
  });

  it('filters by visibility and by updated_since', async () => {
    expect((await get('visible=false&limit=100')).body.meta.total).toBe(10);
    expect((await get('visible=true&limit=100')).body.meta.total).toBe(20);
    const since = new Date(Date.parse('2026-01-01T00:00:00Z') + 26 * 60_000).toISOString();
    const recent = await get(`updated_since=${encodeURIComponent(since)}`);
    expect(names(recent)).toEqual(['Store 26', 'Store 27', 'Store 28', 'Store 29', 'Store 30']);
    expect((await get('updated_since=yesterday')).status).toBe(422);
    expect((await get('updated_since=2026-01-01')).body.meta.total).toBe(30);
    expect((await get('updated_since=2026-01-02')).body.meta.total).toBe(0);
    // A leap second is valid RFC 3339; it names the instant just before the next day begins.
    const leap = await get(`updated_since=${encodeURIComponent('2026-01-01T00:25:60+00:26')}&limit=100`);
    expect([leap.status, leap.body.meta?.total]).toEqual([200, 30]);
    expect((await get(`updated_since=${encodeURIComponent('2026-01-01T00:25:60Z')}`)).status).toBe(422);
  });

  it('sorts by a key with the ID breaking ties, and refuses unknown sorts', async () => {
    const byCity = await get('sort=-city&limit=100');
    const cities = byCity.body.data.map((l: { city: string }) => l.city);
    expect(cities).toEqual([...cities].sort().reverse());
    expect((await get('sort=phone')).status).toBe(422);
  });

  it('lists every allowed value of a flag in one message', async () => {
    const response = await get('visible=yes');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ visible: ['must be one of: "true", "false", "1", "0"'] });
    expect(response.body.message).toBe('The visible field must be one of: "true", "false", "1", "0".');
  });

  it('refuses an unknown filter or operator with 422 naming it', async () => {
    const unknown = await get('colour=red');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('colour');
    const operator = await get('city[gt]=A');
    expect(operator.status).toBe(422);
    expect(operator.body.errors).toHaveProperty(['city[gt]']);
  });

  it('runs the same number of queries for a page of 100 with every include as for a page of 2', async () => {
    server.queries.count = 0;
    const small = await get(`limit=2&${INCLUDE_ALL}`);
    const smallQueries = server.queries.count;
    server.queries.count = 0;
    const large = await get(`limit=100&${INCLUDE_ALL}`);
    const largeQueries = server.queries.count;
    expect(small.body.data).toHaveLength(2);
    expect(large.body.data).toHaveLength(30);
    expect(large.body.data.every((l: { filters: unknown[] }) => l.filters.length === 2)).toBe(true);
    expect(largeQueries).toBe(smallQueries);
    expect(largeQueries).toBeLessThanOrEqual(8);
  });
});
