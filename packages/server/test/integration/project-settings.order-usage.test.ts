import { describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// What the dashboard's settings screen needs of the configuration endpoints: the order of each kind (`position`, moved
// by PATCH) and how many locations use each item (`locations_count` of the lists), so a deletion can say what it
// detaches.

const server = useTestServer();

function api(account: CreatedUser) {
  const token = account.token.token;
  const base = `/api/v2/projects/${account.project.public_id}`;
  return {
    base,
    token,
    list: (segment: string) => call(server, 'GET', `${base}/${segment}`, { token }),
    create: (segment: string, body: unknown) => call(server, 'POST', `${base}/${segment}`, { token, body }),
    update: (segment: string, id: string, body: unknown) =>
      call(server, 'PATCH', `${base}/${segment}/${id}`, { token, body }),
    remove: (segment: string, id: string) => call(server, 'DELETE', `${base}/${segment}/${id}`, { token }),
    location: (body: unknown) => call(server, 'POST', `${base}/locations`, { token, body }),
    events: () => call(server, 'GET', `${base}/events`, { token }),
    finderConfig: (key: string) => call(server, 'GET', `/api/public/v1/config?key=${key}`),
  };
}

const names = async (client: ReturnType<typeof api>, segment: string) =>
  (await client.list(segment)).body.data.map((item: { name?: string; title?: string; position: number }) => [
    item.name ?? item.title,
    item.position,
  ]);

describe("the order of a project's settings", () => {
  it.each([
    ['filters', 'name'],
    ['location-types', 'name'],
    ['markers', 'name'],
    ['fields', 'name'],
    ['calls-to-action', 'title'],
  ])('puts new %s last, and moves one up, down, first and past the end, renumbering from 0', async (segment, key) => {
    const client = api(await createAccount(server));
    const ids: Record<string, string> = {};
    for (const name of ['A', 'B', 'C', 'D']) ids[name] = (await client.create(segment, { [key]: name })).body.data.id;
    expect(await names(client, segment)).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
      ['D', 3],
    ]);
    const moved = await client.update(segment, ids.C as string, { position: 0 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.position).toBe(0);
    expect(await names(client, segment)).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
      ['D', 3],
    ]);
    await client.update(segment, ids.A as string, { position: 2 });
    expect((await names(client, segment)).map(([name]: [string]) => name)).toEqual(['C', 'B', 'A', 'D']);
    await client.update(segment, ids.C as string, { position: 99 });
    expect(await names(client, segment)).toEqual([
      ['B', 0],
      ['A', 1],
      ['D', 2],
      ['C', 3],
    ]);
    // A deletion leaves the others in their order; a new item still goes last.
    await client.remove(segment, ids.A as string);
    await client.create(segment, { [key]: 'E' });
    expect((await names(client, segment)).map(([name]: [string]) => name)).toEqual(['B', 'D', 'C', 'E']);
  });

  it('refuses a negative or fractional position and saves nothing', async () => {
    const client = api(await createAccount(server));
    const a = (await client.create('filters', { name: 'A' })).body.data;
    await client.create('filters', { name: 'B' });
    for (const position of [-1, 1.5, '1']) {
      const refused = await client.update('filters', a.id, { position });
      expect(refused.status, String(position)).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['position']);
    }
    expect((await names(client, 'filters')).map(([name]: [string]) => name)).toEqual(['A', 'B']);
  });

  it("records each moved item's change in the feed, and the store finder lists filters in the order", async () => {
    const account = await createAccount(server);
    const client = api(account);
    const a = (await client.create('filters', { name: 'Wifi' })).body.data;
    await client.create('filters', { name: 'Parking' });
    const b = (await client.create('filters', { name: 'Accessible' })).body.data;
    await client.update('filters', b.id, { position: 0 });
    const feed = (await client.events()).body.data.filter((event: { type: string }) => event.type === 'filter.updated');
    expect(
      feed.map((event: { data: { setting: { name: string } }; changes: unknown }) => [
        event.data.setting.name,
        event.changes,
      ]),
    ).toEqual([
      ['Accessible', { position: { old: 2, new: 0 } }],
      ['Wifi', { position: { old: 0, new: 1 } }],
      ['Parking', { position: { old: 1, new: 2 } }],
    ]);
    const { key } = await server.services.finder.keys.create({
      owner: { project: refOfProject(account.project) },
      origins: [],
    });
    expect((await client.finderConfig(key)).body.data.filters).toEqual(['Accessible', 'Wifi', 'Parking']);
    expect(a.position).toBe(0);
  });
});

describe('how many locations use each setting', () => {
  it('is counted in each list, per item, and falls when a location lets go of it', async () => {
    const client = api(await createAccount(server));
    await client.create('location-types', { name: 'Store', default: true });
    await client.create('location-types', { name: 'Outlet' });
    await client.create('markers', { name: 'Red' });
    await client.create('markers', { name: 'Blue' });
    await client.create('filters', { name: 'Wifi' });
    await client.create('filters', { name: 'Parking' });
    await client.create('fields', { name: 'Manager' });
    await client.create('calls-to-action', { title: 'Order online' });
    const located = { city: 'Austin', lat: 30.27, lng: -97.74 };
    const first = await client.location({
      name: 'One',
      ...located,
      location_type: 'Outlet',
      marker: 'Red',
      filters: ['Wifi', 'Parking'],
      fields: { Manager: 'Ada' },
      callsToAction: { 'Order online': 'https://example.com/order' },
    });
    expect(first.status, first.text).toBe(201);
    await client.location({ name: 'Two', ...located, marker: 'Red', filters: ['Wifi'] });
    await client.location({ name: 'Three', ...located });

    const counts = async (segment: string) =>
      Object.fromEntries(
        (await client.list(segment)).body.data.map(
          (item: { name?: string; title?: string; locations_count: number }) => [
            item.name ?? item.title,
            item.locations_count,
          ],
        ),
      );
    expect(await counts('location-types')).toEqual({ Store: 2, Outlet: 1 });
    expect(await counts('markers')).toEqual({ Red: 2, Blue: 0 });
    expect(await counts('filters')).toEqual({ Wifi: 2, Parking: 1 });
    expect(await counts('fields')).toEqual({ Manager: 1 });
    expect(await counts('calls-to-action')).toEqual({ 'Order online': 1 });

    const patched = await call(server, 'PATCH', `${client.base}/locations/${first.body.data.id}`, {
      token: client.token,
      body: { filters: [], location_type: 'Store' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(await counts('filters')).toEqual({ Wifi: 1, Parking: 0 });
    expect(await counts('location-types')).toEqual({ Store: 3, Outlet: 0 });
  });
});
