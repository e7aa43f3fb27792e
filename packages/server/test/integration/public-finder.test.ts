import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { PinsAnswer } from '../../src/features/finder/schemas/public-finder.ts';
import { SearchAnswer } from '../../src/features/finder/schemas/public-search.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// The store finder's pins and configuration, its ETags, and how writes show at once on one instance (across
// instances: test/system/store-finder-freshness.processes.test.ts).

const server = useTestServer();
let account: CreatedUser;
let key = '';
const ids: Record<string, string> = {};
const AUSTIN = { lat: 30.2711, lng: -97.7437 };

beforeAll(async () => {
  account = await createAccount(server);
  await seedCatalog(server, account.project);
  key = (
    await server.services.finder.keys.create({
      owner: { project: refOfProject(account.project) },
      origins: [],
    })
  ).key;
  const make = async (name: string, input: Record<string, unknown>) => {
    ids[name] = (
      await createLocationDirectly(server.database.db, account.project, {
        name,
        city: 'Austin',
        country: 'US',
        ...input,
      })
    ).record.public_id;
  };
  await make('Congress', {
    ...AUSTIN,
    filters: ['Wifi'],
    location_type: 'Store',
    marker: 'Blue',
    callsToAction: { 'Order online': 'https://shop.example/order' },
  });
  // A link no write takes any more, as one saved before calls to action were checked would be.
  const book = await server.database.db
    .selectFrom('calls_to_action')
    .select('id')
    .where('project_id', '=', account.project.id)
    .where('title', '=', 'Book')
    .executeTakeFirstOrThrow();
  const congress = await server.database.db
    .selectFrom('locations')
    .select('id')
    .where('public_id', '=', ids.Congress ?? '')
    .executeTakeFirstOrThrow();
  await server.database.db
    .insertInto('location_calls_to_action')
    .values({ location_id: congress.id, call_to_action_id: book.id, value: 'javascript:alert(1)' })
    .execute();
  await make('Lamar', {
    lat: AUSTIN.lat - 0.02,
    lng: AUSTIN.lng - 0.01,
    filters: ['Parking'],
    location_type: 'Outlet',
  });
  await make('Hidden', { lat: AUSTIN.lat + 0.01, lng: AUSTIN.lng, visible: false });
  await make('Unplaced', {});
  await make('Toronto', { lat: 43.65, lng: -79.38, country: 'CA' });
});

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, `/api/v2/projects/${account.project.public_id}${path}`, { token: account.token.token, body });
const finder = (path: string, headers: Record<string, string> = {}) =>
  call(server, 'GET', `/api/public/v1/${path}${path.includes('?') ? '&' : '?'}key=${key}`, { headers });
const near = (query = '') => finder(`search?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radius=10&fallback=0${query}`);
const namesOf = (answer: { body: { data: { name: string }[] } }) => answer.body.data.map((location) => location.name);

describe('GET /api/public/v1/locations', () => {
  it('is every visible, located location as GeoJSON points with compact properties', async () => {
    const answer = await finder('locations');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(answer.body.type).toBe('FeatureCollection');
    const features = answer.body.features as {
      id: string;
      geometry: { coordinates: number[] };
      properties: Record<string, unknown>;
    }[];
    expect(features.map((feature) => feature.properties.name).sort()).toEqual(['Congress', 'Lamar', 'Toronto']);
    expect(features.find((feature) => feature.id === ids.Congress)).toEqual({
      type: 'Feature',
      id: ids.Congress,
      geometry: { type: 'Point', coordinates: [AUSTIN.lng, AUSTIN.lat] },
      properties: {
        id: ids.Congress,
        name: 'Congress',
        marker: { id: expect.stringMatching(/^mrk_/), name: 'Blue', color: '#0000ff', icon_url: null },
        type: 'Store',
      },
    });
  });

  it('revalidates with an ETag that changes when the project does', async () => {
    const first = await finder('locations');
    const tag = first.headers.get('etag') ?? '';
    expect((await finder('locations', { 'if-none-match': tag })).status).toBe(304);
    expect((await v2('PATCH', `/locations/${ids.Toronto}`, { phone: '+1 416 555 0100' })).status).toBe(200);
    const after = await finder('locations', { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
  });
});

describe('calls to action', () => {
  it('are handed to sites only when they link to the web, mail or a phone', async () => {
    const answer = await near();
    const congress = answer.body.data.find((location: { name: string }) => location.name === 'Congress');
    expect(congress.callsToAction).toEqual([{ title: 'Order online', value: 'https://shop.example/order' }]);
    expect(answer.text).not.toContain('javascript:');
  });
});

describe('GET /api/public/v1/config', () => {
  it("names the project's filters, types by priority and markers, and the unit and country of most locations", async () => {
    const answer = await finder('config');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      project: { id: account.project.public_id, name: account.project.name },
      branding: {
        display_name: null,
        logo_url: null,
        brand_color: null,
        text_color: null,
        background_color: null,
        font_family: null,
        corner_radius: null,
        height: null,
        units: null,
        language: null,
        search_radius: null,
        result_limit: null,
        consent: null,
      },
      filters: ['Wifi', 'Parking', 'Accessible'],
      location_types: ['Outlet', 'Store'],
      markers: [
        { id: expect.stringMatching(/^mrk_/), name: 'Red', color: '#ff0000', icon_url: null },
        { id: expect.stringMatching(/^mrk_/), name: 'Blue', color: '#0000ff', icon_url: null },
      ],
      default_unit: 'mi',
      default_country: 'US',
    });
  });

  it('shows a new filter in its next answer', async () => {
    expect((await v2('POST', '/filters', { name: 'Drive-through' })).status).toBe(201);
    expect((await finder('config')).body.data.filters).toContain('Drive-through');
  });
});

describe('answers kept as JSON in the index', () => {
  it('have the documented shapes, key for key', async () => {
    const search = await near('&limit=100');
    expect(search.body.data.length).toBeGreaterThan(0);
    expect([...Value.Errors(SearchAnswer, search.body)]).toEqual([]);
    const pins = await finder('locations');
    expect([...Value.Errors(PinsAnswer, pins.body)]).toEqual([]);
    const first = search.body.data[0] as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(Object.keys(SearchAnswer.properties.data.items.properties).sort());
  });
});

describe('search ETags', () => {
  it('are the same for the same query however it is written, and answer 304', async () => {
    const first = await near('&filters=Wifi,Parking&match=any');
    const reordered = await near('&match=any&filters=parking, WIFI,wifi');
    expect(first.status).toBe(200);
    expect(reordered.headers.get('etag')).toBe(first.headers.get('etag'));
    const revalidated = await finder(
      `search?match=any&filters=Wifi,Parking&lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radius=10&fallback=0`,
      { 'if-none-match': first.headers.get('etag') ?? '' },
    );
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect((await near('&filters=Wifi')).headers.get('etag')).not.toBe(first.headers.get('etag'));
    // The order of countries may weigh (a geocoder may search the first only): each order has its own tag.
    const canadaFirst = await finder('search?q=London&country=CA,US');
    const usFirst = await finder('search?q=London&country=US,CA');
    expect(usFirst.headers.get('etag')).not.toBe(canadaFirst.headers.get('etag'));
  });

  it('change the next minute, as statuses may, but not with a fixed `at`', async () => {
    const at = '&at=2026-11-23T15:00:00Z';
    const before = [await near(), await near(at)];
    server.clock.now += 60_000;
    const after = [await near(), await near(at)];
    expect(after[0]?.headers.get('etag')).not.toBe(before[0]?.headers.get('etag'));
    expect(after[1]?.headers.get('etag')).toBe(before[1]?.headers.get('etag'));
  });

  it('are not sent with a refusal', async () => {
    const refused = await finder('search?lat=91&lng=0');
    expect(refused.status).toBe(422);
    expect(refused.headers.get('etag')).toBeNull();
  });
});

describe('writes on this instance', () => {
  it("show in the very next search: a moved pin, new filters, renamed and deleted settings, a marker's colour, a deletion", async () => {
    expect(namesOf(await near())).toEqual(['Congress', 'Lamar']);
    expect((await v2('PATCH', `/locations/${ids.Lamar}`, { lat: 30.6, lng: -97.7 })).status).toBe(200);
    expect(namesOf(await near())).toEqual(['Congress']);
    expect((await v2('PATCH', `/locations/${ids.Congress}`, { filters: ['Wifi', 'Accessible'] })).status).toBe(200);
    expect(namesOf(await near('&filters=accessible'))).toEqual(['Congress']);

    const filters = (await v2('GET', '/filters')).body.data as { id: string; name: string }[];
    const accessible = filters.find((filter) => filter.name === 'Accessible');
    expect((await v2('PATCH', `/filters/${accessible?.id}`, { name: 'Step-free' })).status).toBe(200);
    expect(namesOf(await near('&filters=step-free'))).toEqual(['Congress']);
    expect((await near('&filters=step-free')).body.data[0].filters).toEqual(['Wifi', 'Step-free']);

    const markers = (await v2('GET', '/markers')).body.data as { id: string; name: string }[];
    const blue = markers.find((marker) => marker.name === 'Blue');
    expect((await v2('PATCH', `/markers/${blue?.id}`, { color: '#123456' })).status).toBe(200);
    expect((await near()).body.data[0].marker).toMatchObject({ name: 'Blue', color: '#123456' });
    const types = (await v2('GET', '/location-types')).body.data as { id: string; name: string }[];
    const store = types.find((type) => type.name === 'Store');
    expect((await v2('PATCH', `/location-types/${store?.id}`, { name: 'Shop' })).status).toBe(200);
    expect(namesOf(await near('&type=shop'))).toEqual(['Congress']);
    const wifi = filters.find((filter) => filter.name === 'Wifi');
    expect((await v2('DELETE', `/filters/${wifi?.id}`)).status).toBe(200);
    expect(namesOf(await near('&filters=wifi'))).toEqual([]);
    expect((await near()).body.data[0].filters).toEqual(['Step-free']);

    const legacy = await call(server, 'POST', '/api/locations', {
      token: account.legacyToken.token,
      body: { name: 'Legacy', lat: AUSTIN.lat + 0.001, lng: AUSTIN.lng },
    });
    expect(legacy.status).toBe(201);
    expect(namesOf(await near())).toEqual(['Congress', 'Legacy']);
    expect((await v2('DELETE', `/locations/${ids.Congress}`)).status).toBe(200);
    expect(namesOf(await near())).toEqual(['Legacy']);
  });
});
