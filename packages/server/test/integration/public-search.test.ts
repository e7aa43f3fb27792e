import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { geocodeCacheKey, privateCacheKey } from '../../src/domain/geocode-request.ts';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { haversineKm } from '../support/haversine.ts';
import { mulberry32 } from '../support/random.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// The store finder's search, compared with a brute-force haversine over the same locations.

const server = useTestServer();
let account: CreatedUser;
let key: string;

interface Seeded {
  id: string;
  lat: number;
  lng: number;
  visible: boolean;
  filters: string[];
  type: string;
}
const seeded: Seeded[] = [];
const FILTERS = ['Wifi', 'Parking', 'Accessible'];
const TYPES = ['Store', 'Outlet'];
// Around Austin, with a few far away so that fallbacks have somewhere to go.
const CENTRE = { lat: 30.27, lng: -97.74 };

beforeAll(async () => {
  account = await createAccount(server);
  await seedCatalog(server, account.project);
  key = (
    await server.services.finder.keys.create({
      owner: { project: refOfProject(account.project) },
      origins: [],
    })
  ).key;
  const random = mulberry32(7);
  for (let index = 0; index < 120; index += 1) {
    const far = index % 20 === 0;
    const lat = far ? 40 + random() * 5 : CENTRE.lat + (random() - 0.5) * 1.2;
    const lng = far ? -80 + random() * 5 : CENTRE.lng + (random() - 0.5) * 1.2;
    const filters = FILTERS.filter(() => random() < 0.4);
    const type = TYPES[index % 3 === 0 ? 1 : 0] ?? 'Store';
    const visible = index % 11 !== 5;
    const view = await createLocationDirectly(server.database.db, account.project, {
      name: `Store ${index}`,
      city: 'Austin',
      lat,
      lng,
      filters,
      location_type: type,
      visible,
    });
    seeded.push({ id: view.record.public_id, lat, lng, visible, filters, type });
  }
  // Not located: never a result.
  await createLocationDirectly(server.database.db, account.project, { name: 'Unplaced', city: 'Austin' });
});

interface Query {
  lat: number;
  lng: number;
  radius: number;
  unit: 'km' | 'mi';
  limit: number;
  filters: string[];
  match: 'all' | 'any';
  types: string[];
  fallback: boolean;
}

function bruteForce(query: Query): { ids: string[]; fallback: boolean } {
  const radiusKm = query.unit === 'mi' ? query.radius * 1.609344 : query.radius;
  const matches = seeded.filter(
    (location) =>
      location.visible &&
      (query.types.length === 0 || query.types.includes(location.type)) &&
      (query.filters.length === 0 ||
        (query.match === 'all'
          ? query.filters.every((f) => location.filters.includes(f))
          : query.filters.some((f) => location.filters.includes(f)))),
  );
  const ordered = matches
    .map((location) => ({ id: location.id, km: haversineKm(query, location) }))
    .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : 1));
  const inRange = ordered.filter((entry) => entry.km <= radiusKm);
  if (inRange.length > 0 || !query.fallback)
    return { ids: inRange.slice(0, query.limit).map((entry) => entry.id), fallback: false };
  return { ids: ordered.slice(0, query.limit).map((entry) => entry.id), fallback: ordered.length > 0 };
}

const searchFor = (params: Record<string, string | number>) =>
  call(
    server,
    'GET',
    `/api/public/v1/search?${new URLSearchParams({ key, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`,
  );

describe('the store finder search', () => {
  it('returns what a brute-force haversine returns, in its order, for random searches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          lat: fc.double({ min: CENTRE.lat - 1, max: CENTRE.lat + 1, noNaN: true }),
          lng: fc.double({ min: CENTRE.lng - 1, max: CENTRE.lng + 1, noNaN: true }),
          radius: fc.constantFrom(1, 5, 10, 25, 50),
          unit: fc.constantFrom('km' as const, 'mi' as const),
          limit: fc.integer({ min: 1, max: 30 }),
          // 'Sauna' and 'Kiosk' are no location's: a search for them finds nothing unless `match=any` names another.
          filters: fc.subarray([...FILTERS, 'Sauna']),
          match: fc.constantFrom('all' as const, 'any' as const),
          types: fc.subarray([...TYPES, 'Kiosk']),
          fallback: fc.boolean(),
        }),
        async (query) => {
          const response = await searchFor({
            lat: query.lat,
            lng: query.lng,
            radius: query.radius,
            unit: query.unit,
            limit: query.limit,
            ...(query.filters.length > 0 ? { filters: query.filters.join(','), match: query.match } : {}),
            ...(query.types.length > 0 ? { type: query.types.join(',') } : {}),
            fallback: query.fallback ? 1 : 0,
          });
          expect(response.status, response.text).toBe(200);
          const expected = bruteForce(query);
          expect(response.body.data.map((location: { id: string }) => location.id)).toEqual(expected.ids);
          expect(response.body.meta).toMatchObject({
            radius: query.radius,
            unit: query.unit,
            count: expected.ids.length,
            fallback: expected.fallback,
          });
          for (const location of response.body.data) {
            const km = haversineKm(query, location);
            expect(Math.abs(location.distance.meters - km * 1000)).toBeLessThanOrEqual(0.5);
            expect(location.distance.unit).toBe(query.unit);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers every match inside a box, nearest to its centre first', async () => {
    const box = { west: -98, south: 30, east: -97.5, north: 30.5 };
    const response = await searchFor({ bbox: `${box.west},${box.south},${box.east},${box.north}`, limit: 100 });
    const centre = { lat: 30.25, lng: -97.75 };
    const expected = seeded
      .filter((l) => l.visible && l.lat >= box.south && l.lat <= box.north && l.lng >= box.west && l.lng <= box.east)
      .map((l) => ({ id: l.id, km: haversineKm(centre, l) }))
      .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : 1))
      .map((entry) => entry.id);
    expect(expected.length).toBeGreaterThan(5);
    expect(response.body.data.map((location: { id: string }) => location.id)).toEqual(expected);
    expect(response.body.meta.origin).toEqual({ ...centre, label: null, precision: null });
  });

  it('shows the public fields only, with names for filters and the status', async () => {
    const response = await searchFor({ lat: CENTRE.lat, lng: CENTRE.lng, limit: 1 });
    const [first] = response.body.data;
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'slug',
        'lat',
        'lng',
        'marker',
        'filters',
        'fields',
        'callsToAction',
        'hours',
        'special_hours',
        'time_zone',
        'status',
        'distance',
      ]),
    );
    for (const internal of ['visible', 'geocoding', 'created_at', 'updated_at', 'v1_id'])
      expect(first).not.toHaveProperty(internal);
    expect(first.marker).toEqual({ id: expect.any(String), name: 'Red', color: '#ff0000', icon_url: null });
    expect(first.time_zone).toBe('America/Chicago');
  });

  it('finds a filter whose name holds a comma, written in quotes, apart from the filters of its parts', async () => {
    const other = await createAccount(server);
    for (const name of ['Beer, wine', 'Beer', 'wine']) {
      const made = await call(server, 'POST', `/api/v2/projects/${other.project.public_id}/filters`, {
        token: other.token.token,
        body: { name },
      });
      expect(made.status, made.text).toBe(201);
    }
    const both = await createLocationDirectly(server.database.db, other.project, {
      name: 'Both',
      city: 'Austin',
      lat: 30.27,
      lng: -97.74,
      filters: ['Beer, wine'],
    });
    const parts = await createLocationDirectly(server.database.db, other.project, {
      name: 'Parts',
      city: 'Austin',
      lat: 30.28,
      lng: -97.75,
      filters: ['Beer', 'wine'],
    });
    const otherKey = (
      await server.services.finder.keys.create({
        owner: { project: refOfProject(other.project) },
        origins: [],
      })
    ).key;
    const find = (filters: string) =>
      call(
        server,
        'GET',
        `/api/public/v1/search?${new URLSearchParams({ key: otherKey, lat: '30.27', lng: '-97.74', filters, fallback: '0' })}`,
      );
    const quoted = await find('"Beer, wine"');
    expect(quoted.body.data.map((location: { id: string }) => location.id)).toEqual([both.record.public_id]);
    const split = await find('Beer, wine');
    expect(split.body.data.map((location: { id: string }) => location.id)).toEqual([parts.record.public_id]);
    expect(split.headers.get('etag')).not.toBe(quoted.headers.get('etag'));
  });

  it('finds only locations open at the instant asked', async () => {
    const open = await createLocationDirectly(server.database.db, account.project, {
      name: 'Night owl',
      city: 'Austin',
      lat: 30.9,
      lng: -97.1,
      hours: {
        mon: '22:00-23:00',
        tue: 'closed',
        wed: 'closed',
        thu: 'closed',
        fri: 'closed',
        sat: 'closed',
        sun: 'closed',
      },
    });
    const query = { lat: 30.9, lng: -97.1, radius: 200, limit: 100, open_now: 1 };
    const monday = await searchFor({ ...query, at: '2026-11-30T22:30:00-06:00' });
    expect(monday.body.data.map((location: { id: string }) => location.id)).toEqual([open.record.public_id]);
    expect(monday.body.data[0].status).toMatchObject({ open_now: true, next_change: '2026-11-30T23:00:00-06:00' });
    const tuesday = await searchFor({ ...query, at: '2026-12-01T22:30:00-06:00', fallback: 0 });
    expect(tuesday.body.data).toEqual([]);
    // The later comparisons with the brute force know only the seeded locations.
    const deleted = await call(
      server,
      'DELETE',
      `/api/v2/projects/${account.project.public_id}/locations/${open.record.public_id}`,
      { token: account.token.token },
    );
    expect(deleted.status).toBe(200);
  });

  it('refuses bad input naming the parameter', async () => {
    for (const [params, parameter] of [
      [{ lat: 30 }, 'lng'],
      [{}, 'lat'],
      [{ bbox: '1,2,3' }, 'bbox'],
      [{ bbox: '-98,31,-97,30' }, 'bbox'],
      [{ q: 'Austin', country: 'USA' }, 'country'],
      [{ lat: 30, lng: -97, radius: 1001 }, 'radius'],
      [{ lat: 30, lng: -97, limit: 0 }, 'limit'],
      [{ lat: 30, lng: -97, unit: 'ft' }, 'unit'],
      [{ lat: 91, lng: -97 }, 'lat'],
    ] as const) {
      const response = await searchFor(params);
      expect(response.status, JSON.stringify(params)).toBe(422);
      expect(Object.keys(response.body.errors ?? {}), JSON.stringify(params)).toContain(parameter);
    }
  });

  it('biases `q` to the countries of `country`, and looks anywhere only when none of them has the place', async () => {
    const search = async (params: Record<string, string>) => {
      const response = await searchFor({ ...params, limit: 1 });
      expect(response.status, response.text).toBe(200);
      const { origin } = response.body.meta;
      const [nearest] = response.body.data;
      // Distances are measured from the place the bias chose.
      expect(Math.abs(nearest.distance.meters - haversineKm(origin, nearest) * 1000)).toBeLessThanOrEqual(0.5);
      return origin;
    };
    const expectOrigin = (origin: { lat: number; lng: number }, place: { lat: number; lng: number }) => {
      expect(origin.lat).toBeCloseTo(place.lat, 1);
      expect(origin.lng).toBeCloseTo(place.lng, 1);
    };
    const london = await search({ q: 'London' });
    expectOrigin(london, { lat: 51.509, lng: -0.126 });
    const londonOntario = await search({ q: 'London', country: 'CA' });
    expectOrigin(londonOntario, { lat: 42.983, lng: -81.233 });
    expect(londonOntario).toEqual({
      lat: londonOntario.lat,
      lng: londonOntario.lng,
      label: 'London',
      precision: 'city',
    });
    expectOrigin(await search({ q: 'London', country: 'us,CA' }), { lat: 42.983, lng: -81.233 });
    expectOrigin(await search({ q: 'Toronto' }), { lat: 43.7, lng: -79.416 });
    expectOrigin(await search({ q: 'Toronto', country: 'US' }), { lat: 40.464, lng: -80.601 });
    // A bias, not a filter: Canada has no Seattle, so the visitor still gets one, and the nearest stores to it.
    expectOrigin(await search({ q: 'Seattle', country: 'CA' }), { lat: 47.606, lng: -122.332 });
    // The first answer for London stays London, England: the biased ones were cached apart from it.
    expect(await search({ q: 'London' })).toEqual(london);
  });

  it('answers no results and no origin for a place the geocoder does not know', async () => {
    const response = await searchFor({ q: 'Nowhere at all 12345' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [],
      meta: { origin: null, radius: 50, unit: 'km', count: 0, fallback: false },
    });
    // Anyone may send any text: only texts that name a place are remembered in the geocoding cache, and only as the
    // hash of the text, never the words a visitor typed.
    const before = await server.database.db.selectFrom('geocode_cache').select('address_key').execute();
    expect((await searchFor({ q: 'Austin, TX' })).body.meta.origin).not.toBeNull();
    const remembered = await server.database.db.selectFrom('geocode_cache').select('address_key').execute();
    const added = remembered.filter((row) => !before.some((old) => old.address_key === row.address_key));
    expect(added.map((row) => row.address_key)).toEqual([
      privateCacheKey(geocodeCacheKey({ kind: 'text', text: 'Austin, TX' })),
    ]);
    expect(remembered.map((row) => row.address_key)).not.toContainEqual(expect.stringContaining('nowhere'));
  });
});

describe('the store finder search after writes', () => {
  it('catches up with creates, moved pins, new filters and types, hidden and deleted locations, answering as a brute force does', async () => {
    const random = mulberry32(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const near = () => ({ lat: CENTRE.lat + (random() - 0.5) * 1.2, lng: CENTRE.lng + (random() - 0.5) * 1.2 });
    const v2 = (method: string, path: string, body?: unknown) =>
      call(server, method, `/api/v2/projects/${account.project.public_id}/locations${path}`, {
        token: account.token.token,
        ...(body === undefined ? {} : { body }),
      });
    for (let round = 0; round < 30; round += 1) {
      for (let write = 0; write < 1 + Math.floor(random() * 3); write += 1) {
        const target = pick(seeded);
        const change = pick(['create', 'move', 'filters', 'type', 'visibility', 'delete'] as const);
        if (change === 'create') {
          const created = {
            ...near(),
            visible: true,
            filters: FILTERS.filter(() => random() < 0.5),
            type: pick(TYPES),
          };
          const answer = await v2('POST', '', {
            name: `New ${round}-${write}`,
            city: 'Austin',
            lat: created.lat,
            lng: created.lng,
            filters: created.filters,
            location_type: created.type,
          });
          expect(answer.status, answer.text).toBe(201);
          seeded.push({ id: answer.body.data.id, ...created });
          continue;
        }
        if (change === 'delete') {
          expect((await v2('DELETE', `/${target.id}`)).status).toBe(200);
          seeded.splice(seeded.indexOf(target), 1);
          continue;
        }
        const body =
          change === 'move'
            ? near()
            : change === 'filters'
              ? { filters: FILTERS.filter(() => random() < 0.5) }
              : change === 'type'
                ? { location_type: pick(TYPES) }
                : { visible: !target.visible };
        const answer = await v2('PATCH', `/${target.id}`, body);
        expect(answer.status, answer.text).toBe(200);
        Object.assign(target, 'location_type' in body ? { type: body.location_type } : body);
      }
      const query: Query = {
        ...near(),
        radius: pick([5, 10, 25]),
        unit: 'km',
        limit: 1 + Math.floor(random() * 30),
        filters: FILTERS.filter(() => random() < 0.3),
        match: pick(['all', 'any'] as const),
        types: TYPES.filter(() => random() < 0.3),
        fallback: true,
      };
      const response = await searchFor({
        lat: query.lat,
        lng: query.lng,
        radius: query.radius,
        limit: query.limit,
        ...(query.filters.length > 0 ? { filters: query.filters.join(','), match: query.match } : {}),
        ...(query.types.length > 0 ? { type: query.types.join(',') } : {}),
      });
      expect(response.status, response.text).toBe(200);
      expect(
        response.body.data.map((location: { id: string }) => location.id),
        `round ${round}`,
      ).toEqual(bruteForce(query).ids);
    }
  });
});
