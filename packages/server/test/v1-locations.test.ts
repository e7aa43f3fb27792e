import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../src/services/accounts.service.ts';
import { fullLocationBody, seedCatalog, type SeededCatalog } from './support/factories.ts';
import { call, createAccount, createExtraProject, startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let account: CreatedUser;
let catalog: SeededCatalog;
let v2Base: string;

const v1 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.legacyToken.token, ...(body !== undefined ? { body } : {}) });
const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body !== undefined ? { body } : {}) });

/** The V1 object keys in the order of the V1 contract. */
const V1_KEYS = [
  'id',
  'slug',
  'name',
  'address',
  'display_address',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'postcode',
  'country',
  'phone',
  'email',
  'url',
  'lat',
  'lng',
  'visible',
  'facebook',
  'instagram',
  'twitter',
  'yelp',
  'youtube',
  'tiktok',
  'socials',
  'marker',
  'location_type',
  'cover_image',
  'hours',
  'fields',
  'filters',
  'buttons',
];

async function createV1(body: Record<string, unknown>) {
  const response = await v1('POST', '/api/locations', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function readV1(id: string) {
  const response = await v1('GET', `/api/locations/${id}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function putV1(id: string, body: Record<string, unknown>) {
  const response = await v1('PUT', `/api/locations/${id}`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Creates through V2 and finds the numeric V1 ID through the V1 list. */
async function createV2(overrides: Record<string, unknown> = {}) {
  const response = await v2('POST', v2Base, fullLocationBody(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const list = await v1('GET', '/api/locations?limit=100');
  const match = list.body.data.find((item: { slug: string }) => item.slug === response.body.data.slug);
  expect(match).toBeDefined();
  return { v2: response.body.data, v1Id: match.id as string };
}

async function locationCount(): Promise<number> {
  const list = await v1('GET', '/api/locations');
  expect(list.status).toBe(200);
  return list.body.meta.total;
}

const ALL_INCLUDES = 'includeHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1';

beforeAll(async () => {
  // A geocoder that never answers keeps these cases independent of place data; geocoding has its own cases below.
  server = await startTestServer({ env: { GEOCODER: 'none' } });
});
afterAll(async () => server.stop());
beforeEach(async () => {
  account = await createAccount(server);
  catalog = await seedCatalog(server, account.project);
  v2Base = `/api/v2/projects/${account.project.public_id}/locations`;
});

describe('the V1 location object', () => {
  it('has exactly the V1 keys, in contract order, with no timestamps or V2 keys', async () => {
    const created = await createV1({
      name: 'Downtown Store',
      address_line_1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
      phone: '+1 512 555 0100',
      email: 'downtown@example.com',
      url: 'https://example.com/downtown',
      lat: 30.2672,
      lng: -97.7431,
      location_type: 'Outlet',
      facebook: 'downtownstore',
      twitter: 'https://twitter.com/downtown',
    });
    expect(Object.keys(created)).toEqual(V1_KEYS);
    expect(created).toEqual({
      id: expect.stringMatching(/^[1-9]\d*$/),
      slug: 'downtown-store',
      name: 'Downtown Store',
      address: '1 Main St, Austin, TX 78701, US',
      display_address: '1 Main St, Austin, TX 78701, US',
      address_line_1: '1 Main St',
      address_line_2: null,
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
      phone: '+1 512 555 0100',
      email: 'downtown@example.com',
      url: 'https://example.com/downtown',
      lat: 30.2672,
      lng: -97.7431,
      visible: true,
      facebook: 'downtownstore',
      instagram: null,
      twitter: 'https://twitter.com/downtown',
      yelp: null,
      youtube: null,
      tiktok: null,
      socials: [
        { key: 'facebook', label: 'Facebook', handle: 'downtownstore', url: 'https://www.facebook.com/downtownstore', icon: 'facebook' },
        { key: 'twitter', label: 'Twitter', handle: 'downtown', url: 'https://twitter.com/downtown', icon: 'twitter' },
      ],
      marker: { id: catalog.markers.red, name: 'Red', color: '#ff0000', icon_url: null },
      location_type: { id: catalog.types.outlet, name: 'Outlet', priority: '2', default: false, label: true },
      cover_image: null,
      hours: null,
      fields: [],
      filters: [],
      buttons: [],
    });
    expect(await readV1(created.id)).toEqual(created);
  });

  it('shows hours, fields, filters and buttons set through V2, in the V1 shapes', async () => {
    const { v1Id } = await createV2();
    const location = await readV1(v1Id);
    expect(Object.keys(location)).toEqual(V1_KEYS);
    expect(location.hours).toEqual({
      name: expect.any(String),
      location_id: v1Id,
      mon: '09:00-17:00',
      tue: '09:00-17:00',
      wed: '09:00-12:00,13:00-17:00',
      thu: '09:00-17:00',
      fri: '18:00-02:00',
      sat: 'closed',
      sun: null,
    });
    expect(Object.keys(location.hours)).toEqual(['name', 'location_id', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(location.filters).toEqual([
      { id: expect.stringMatching(/\S/), name: 'Wifi' },
      { id: expect.stringMatching(/\S/), name: 'Parking' },
    ]);
    expect(location.fields).toEqual([
      { id: expect.any(String), name: 'Manager', value: 'Ada' },
      { id: expect.any(String), name: 'Floor', value: '2' },
    ]);
    expect(location.buttons).toEqual([{ id: expect.any(String), title: 'Order online', value: 'https://example.com/order' }]);
    expect(location.cover_image).toEqual({ url: 'https://cdn.example.com/img/storefront.jpg', name: 'storefront' });
    expect(location.marker).toEqual({ id: catalog.markers.blue, name: 'Blue', color: '#0000ff', icon_url: null });
  });

  it('has a null location_type and marker in a project that configures none', async () => {
    const bare = await createAccount(server);
    const response = await call(server, 'POST', '/api/locations', { token: bare.legacyToken.token, body: { name: 'Bare', location_type: 'Outlet' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ location_type: null, marker: null, socials: [], address: '', display_address: '' });
  });
});

describe('GET /api/locations/{id}', () => {
  it('is 404 for IDs outside the personal project, never a 422', async () => {
    const other = await createAccount(server);
    const foreign = await call(server, 'POST', '/api/locations', { token: other.legacyToken.token, body: { name: 'Theirs' } });
    expect(foreign.status).toBe(201);
    expect((await v1('GET', `/api/locations/${foreign.body.id}`)).status).toBe(404);

    const extra = await createExtraProject(server, account);
    const inExtra = await v2('POST', `/api/v2/projects/${extra.public_id}/locations`, { name: 'Second project', city: 'Austin' });
    expect(inExtra.status).toBe(201);
    const mine = await createV1({ name: 'Mine' });
    // IDs are sequential, so the location of the extra project is the one just before the next V1 one.
    expect((await v1('GET', `/api/locations/${Number(mine.id) - 1}`)).status).toBe(404);

    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', inExtra.body.data.id]) {
      const response = await v1('GET', `/api/locations/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body).toEqual({ message: expect.any(String) });
    }
  });
});

describe('POST /api/locations', () => {
  it('requires a nonempty name: 422 with field errors and nothing saved', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }, { city: 'Austin' }]) {
      const response = await v1('POST', '/api/locations', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toEqual({ message: expect.stringContaining('name'), errors: { name: ['is required'] } });
    }
    expect(await locationCount()).toBe(0);
  });

  it('rejects coordinates out of range, non-numeric coordinates, an invalid email or visible flag, all at once', async () => {
    const response = await v1('POST', '/api/locations', { name: 'Bad', lat: 90.5, lng: '-181', email: 'not-an-email', visible: 'maybe' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      lat: ['must be between -90 and 90'],
      lng: ['must be between -180 and 180'],
      email: ['must be a valid email address'],
      visible: [expect.stringContaining('true or false')],
    });
    const words = await v1('POST', '/api/locations', { name: 'Bad', lat: 'north', lng: true });
    expect(words.status).toBe(422);
    expect(Object.keys(words.body.errors).sort()).toEqual(['lat', 'lng']);
    expect(await locationCount()).toBe(0);
  });

  it('accepts the boundary coordinates', async () => {
    const created = await createV1({ name: 'Edge', lat: -90, lng: '180' });
    expect([created.lat, created.lng]).toEqual([-90, 180]);
  });

  it('is lenient where V1 clients are: numeric strings, 1/0 booleans, numbers as text, "" as null, unknown keys', async () => {
    const created = await createV1({
      name: 'Lenient',
      lat: '30.5',
      lng: ' -97.25 ',
      visible: '0',
      postcode: 78701,
      phone: '',
      email: '',
      favourite_colour: 'green',
      extra: { nested: true },
    });
    expect(created).toMatchObject({ lat: 30.5, lng: -97.25, visible: false, postcode: '78701', phone: null, email: null });
    expect(created).not.toHaveProperty('favourite_colour');
    for (const [given, expected] of [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
    ] as const) {
      const location = await createV1({ name: `Flag ${String(given)}`, visible: given });
      expect(location.visible, JSON.stringify(given)).toBe(expected);
    }
  });

  it('ignores the fields V1 cannot write: filters, fields, buttons, hours, marker, cover, slug', async () => {
    const created = await createV1({
      name: 'Read Only',
      filters: ['Wifi'],
      fields: { Manager: 'Ada' },
      buttons: [{ title: 'Book', value: 'https://example.com' }],
      callsToAction: { Book: 'https://example.com' },
      hours: { mon: '09:00-17:00' },
      marker: 'Blue',
      cover: 'storefront',
      cover_image: { url: 'https://example.com/x.jpg', name: 'x' },
      slug: 'custom-slug',
      id: '999',
    });
    expect(created).toMatchObject({
      slug: 'read-only',
      filters: [],
      fields: [],
      buttons: [],
      hours: null,
      marker: { id: catalog.markers.red },
      cover_image: null,
    });
    expect(created.id).not.toBe('999');
  });


  it('answers malformed JSON, a non-object body and a non-JSON body with JSON errors', async () => {
    const malformed = await call(server, 'POST', '/api/locations', {
      token: account.legacyToken.token,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: expect.any(String) });
    const array = await v1('POST', '/api/locations', [{ name: 'x' }]);
    expect(array.status).toBe(422);
    const text = await call(server, 'POST', '/api/locations', { token: account.legacyToken.token, rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: expect.any(String) });
    expect(await locationCount()).toBe(0);
  });
});

describe('PUT /api/locations/{id}', () => {
  it('requires name even when only another field changes, and saves nothing without it', async () => {
    const created = await createV1({ name: 'Keep Me', phone: '111' });
    const response = await v1('PUT', `/api/locations/${created.id}`, { phone: '222' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ['is required'] });
    expect(await readV1(created.id)).toEqual(created);
  });

  it('keeps omitted basic fields and clears contact and social fields sent as null or ""', async () => {
    const created = await createV1({
      name: 'Before',
      address_line_1: '1 Main St',
      city: 'Austin',
      phone: '111',
      email: 'a@example.com',
      url: 'https://example.com',
      lat: 30,
      lng: -97,
      visible: false,
      twitter: 'shop',
      instagram: 'shop',
      youtube: 'shop',
    });
    const updated = await putV1(created.id, { name: 'After', phone: null, email: '', twitter: null, instagram: '' });
    expect(updated).toEqual({
      ...created,
      name: 'After',
      phone: null,
      email: null,
      twitter: null,
      instagram: null,
      socials: [{ key: 'youtube', label: 'YouTube', handle: 'shop', url: 'https://www.youtube.com/@shop', icon: 'youtube' }],
    });
    expect(await readV1(created.id)).toEqual(updated);
  });

  it('rejects invalid values with 422 and saves no part of the update', async () => {
    const created = await createV1({ name: 'Stable', lat: 10, lng: 10 });
    const response = await v1('PUT', `/api/locations/${created.id}`, { name: 'Changed', phone: '999', lat: -91, email: 'x@' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'lat']);
    expect(await readV1(created.id)).toEqual(created);
  });

  it('is 404 for an unknown or foreign location, and PATCH is 405 with Allow', async () => {
    expect((await v1('PUT', '/api/locations/987654', { name: 'x' })).status).toBe(404);
    const created = await createV1({ name: 'No Patch' });
    const patch = await v1('PATCH', `/api/locations/${created.id}`, { name: 'x' });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')?.split(', ').sort()).toEqual(expect.arrayContaining(['DELETE', 'GET', 'PUT']));
    expect(patch.headers.get('allow')).not.toContain('PATCH');
    expect(patch.body).toEqual({ message: expect.stringContaining('not allowed') });
    const patchList = await v1('PATCH', '/api/locations', { name: 'x' });
    expect(patchList.status).toBe(405);
    expect(patchList.headers.get('allow')).toContain('POST');
    expect((await readV1(created.id)).name).toBe('No Patch');
  });

  it('never touches what V1 cannot write: hours, filters, fields, buttons, marker, cover, slug', async () => {
    const { v1Id } = await createV2({ name: 'Attached' });
    const before = await readV1(v1Id);
    const after = await putV1(v1Id, {
      name: 'Attached',
      location_type: 'Outlet',
      hours: null,
      filters: [],
      fields: {},
      buttons: [],
      callsToAction: {},
      marker: 'Red',
      cover: null,
      cover_image: null,
      slug: 'renamed',
    });
    expect(after).toEqual(before);
    // Omitting the marker on PUT does not reset it to the project default either.
    const omitted = await putV1(v1Id, { name: 'Attached', location_type: 'Outlet' });
    expect(omitted.marker).toEqual({ id: catalog.markers.blue, name: 'Blue', color: '#0000ff', icon_url: null });
    expect(omitted).toEqual(before);
  });
});

describe('the V1 location_type rules', () => {
  const typeName = (location: { location_type: { name: string } | null }) => location.location_type?.name ?? null;

  it('on POST: omitted, null or unknown selects the default; a configured name (any case) selects it', async () => {
    expect(typeName(await createV1({ name: 'A' }))).toBe('Store');
    expect(typeName(await createV1({ name: 'B', location_type: null }))).toBe('Store');
    expect(typeName(await createV1({ name: 'C', location_type: 'Kiosk' }))).toBe('Store');
    expect(typeName(await createV1({ name: 'D', location_type: '' }))).toBe('Store');
    expect(typeName(await createV1({ name: 'E', location_type: 'Outlet' }))).toBe('Outlet');
    expect(typeName(await createV1({ name: 'F', location_type: ' outlet ' }))).toBe('Outlet');
  });

  it('on PUT of a nondefault type: omitted, null, "" or unknown resets to the default', async () => {
    for (const body of [{}, { location_type: null }, { location_type: '' }, { location_type: 'Kiosk' }]) {
      const created = await createV1({ name: 'Typed', location_type: 'Outlet' });
      const updated = await putV1(created.id, { name: 'Typed', ...body });
      expect(updated.location_type, JSON.stringify(body)).toEqual({ id: catalog.types.store, name: 'Store', priority: '1', default: true, label: false });
    }
  });

  it('on PUT: the current name keeps a nondefault type; another name switches to it', async () => {
    const created = await createV1({ name: 'Typed', location_type: 'Outlet' });
    expect(typeName(await putV1(created.id, { name: 'Typed', location_type: 'Outlet' }))).toBe('Outlet');
    // The object a V1 read returns, sent back as is, also names the type.
    expect(typeName(await putV1(created.id, { ...created, location_type: created.location_type }))).toBe('Outlet');
    expect(typeName(await putV1(created.id, { name: 'Typed', location_type: 'Store' }))).toBe('Store');
    expect(typeName(await putV1(created.id, { name: 'Typed', location_type: 'Outlet' }))).toBe('Outlet');
  });
});

describe('the V1 address rules', () => {
  const components = { address_line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '78701', country: 'US' };
  const generated = '1 Main St, Austin, TX 78701, US';

  it('generates address and display address from components on create', async () => {
    const created = await createV1({ name: 'Gen', ...components });
    expect([created.address, created.display_address]).toEqual([generated, generated]);
  });

  it('keeps a custom address on create, and the display address follows it', async () => {
    const created = await createV1({ name: 'Custom', ...components, address: 'Main & 1st' });
    expect([created.address, created.display_address]).toEqual(['Main & 1st', 'Main & 1st']);
  });

  it('refreshes a generated address when components change', async () => {
    const created = await createV1({ name: 'Gen', ...components });
    const updated = await putV1(created.id, { name: 'Gen', city: 'Round Rock', address_line_2: 'Suite 5' });
    expect(updated.address).toBe('1 Main St, Suite 5, Round Rock, TX 78701, US');
    expect(updated.display_address).toBe(updated.address);
  });

  it('keeps a generated address as it is when no component changes', async () => {
    const created = await createV1({ name: 'Gen', ...components });
    const updated = await putV1(created.id, { name: 'Renamed', phone: '123' });
    expect([updated.address, updated.display_address]).toEqual([generated, generated]);
  });

  it('keeps a custom address when components change, until it is replaced or cleared', async () => {
    const created = await createV1({ name: 'Custom', ...components, address: 'Main & 1st' });
    const moved = await putV1(created.id, { name: 'Custom', city: 'Round Rock' });
    expect([moved.address, moved.display_address, moved.city]).toEqual(['Main & 1st', 'Main & 1st', 'Round Rock']);
    const replaced = await putV1(created.id, { name: 'Custom', address: 'Round Rock Plaza' });
    expect([replaced.address, replaced.display_address]).toEqual(['Round Rock Plaza', 'Round Rock Plaza']);
  });

  it.each([
    ['null', null],
    ['""', ''],
  ])('regenerates a cleared address (%s) from the components, and refreshes it from then on', async (_label, cleared) => {
    const created = await createV1({ name: 'Clear', ...components, address: 'Main & 1st' });
    const regenerated = await putV1(created.id, { name: 'Clear', address: cleared });
    expect([regenerated.address, regenerated.display_address]).toEqual([generated, generated]);
    const refreshed = await putV1(created.id, { name: 'Clear', city: 'Round Rock' });
    expect(refreshed.address).toBe('1 Main St, Round Rock, TX 78701, US');
  });

  it('keeps a custom display address when the address changes', async () => {
    const created = await createV1({ name: 'Display', ...components, display_address: 'Downtown, by the river' });
    expect([created.address, created.display_address]).toEqual([generated, 'Downtown, by the river']);
    const updated = await putV1(created.id, { name: 'Display', city: 'Round Rock' });
    expect([updated.address, updated.display_address]).toEqual(['1 Main St, Round Rock, TX 78701, US', 'Downtown, by the river']);
  });

  it.each([
    ['null', null],
    ['""', ''],
  ])('makes a cleared display address (%s) follow the address again', async (_label, cleared) => {
    const created = await createV1({ name: 'Display', ...components, display_address: 'By the river' });
    const followed = await putV1(created.id, { name: 'Display', display_address: cleared });
    expect(followed.display_address).toBe(generated);
    const refreshed = await putV1(created.id, { name: 'Display', city: 'Round Rock' });
    expect(refreshed.display_address).toBe('1 Main St, Round Rock, TX 78701, US');
  });

  it('never moves the location when only the address changes', async () => {
    const created = await createV1({ name: 'Pinned', ...components, lat: 30.2672, lng: -97.7431 });
    const updated = await putV1(created.id, { name: 'Pinned', address_line_1: '500 Congress Ave', city: 'Dallas', address: 'Elsewhere' });
    expect([updated.lat, updated.lng]).toEqual([30.2672, -97.7431]);
    const moved = await putV1(created.id, { name: 'Pinned', lat: '32.7767', lng: '-96.797' });
    expect([moved.lat, moved.lng]).toEqual([32.7767, -96.797]);
    const cleared = await putV1(created.id, { name: 'Pinned', lat: null, lng: 0 });
    expect([cleared.lat, cleared.lng]).toEqual([null, 0]);
  });
});

describe('V1 geocoding', () => {
  const NASHVILLE = { address_line_1: '100 Broadway', city: 'Nashville', state: 'TN', country: 'US' };

  async function pendingJobs(locationId: string) {
    return server.database.db.selectFrom('geocoding_jobs').select('status').where('location_id', '=', Number(locationId)).where('status', '=', 'pending').execute();
  }

  it('geocodes a POST without coordinates during the request', async () => {
    const offline = await startTestServer({ env: { GEOCODER: 'offline' } });
    try {
      // The offline data loads on first use, which can take longer than a request's bound on a busy machine.
      await offline.ctx.geocoder.geocode({ city: 'Denver', country: 'US' });
      const owner = await createAccount(offline);
      const response = await call(offline, 'POST', '/api/locations', { token: owner.legacyToken.token, body: { name: 'Broadway', ...NASHVILLE, lat: 0 } });
      expect(response.status).toBe(201);
      expect(response.body.lat).toBeCloseTo(36.17, 1);
      expect(response.body.lng).toBeCloseTo(-86.78, 1);
      expect(Object.keys(response.body)).toEqual(V1_KEYS);
      const jobs = await offline.database.db.selectFrom('geocoding_jobs').selectAll().execute();
      expect(jobs).toEqual([]);
    } finally {
      await offline.stop();
    }
  });

  it('still creates the location when geocoding finds nothing, and queues it', async () => {
    const created = await createV1({ name: 'Broadway', ...NASHVILLE });
    expect([created.lat, created.lng]).toEqual([null, null]);
    expect(await readV1(created.id)).toEqual(created);
    expect(await pendingJobs(created.id)).toHaveLength(1);
  });

  it('does not geocode when both coordinates are given', async () => {
    const created = await createV1({ name: 'Pinned', ...NASHVILLE, lat: 36.1, lng: -86.7 });
    expect([created.lat, created.lng]).toEqual([36.1, -86.7]);
    expect(await pendingJobs(created.id)).toEqual([]);
  });

  it('queues geocoding after a PUT that leaves a coordinate missing or zero, never for an address change alone', async () => {
    const created = await createV1({ name: 'Pinned', ...NASHVILLE, lat: 36.1, lng: -86.7 });
    await putV1(created.id, { name: 'Pinned', city: 'Memphis', address_line_1: '1 Beale St' });
    expect(await pendingJobs(created.id)).toEqual([]);
    const zeroed = await putV1(created.id, { name: 'Pinned', lng: 0 });
    expect([zeroed.lat, zeroed.lng]).toEqual([36.1, 0]);
    expect(await pendingJobs(created.id)).toHaveLength(1);
  });
});

describe('GET /api/locations (pagination)', () => {
  const path = () => `${server.url}/api/locations`;

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
    expect(page.meta).toEqual({ current_page: 1, from: 1, last_page: 1, path: path(), per_page: 15, to: 15, total: 15 });
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
    expect(last.links).toMatchObject({ prev: `${path()}?limit=3&page=2`, next: null, self: `${path()}?limit=3&page=3` });
    expect(pages[1].meta).toMatchObject({ current_page: 2, from: 4, to: 6 });
  });

  it('answers a page past the end with no items and null from/to', async () => {
    await seed(4);
    const page = await list('?limit=3&page=5');
    expect(page.data).toEqual([]);
    expect(page.meta).toEqual({ current_page: 5, from: null, last_page: 2, path: path(), per_page: 3, to: null, total: 4 });
    expect(page.links).toMatchObject({ prev: `${path()}?limit=3&page=4`, next: null, last: `${path()}?limit=3&page=2` });
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
    for (let index = 0; index < 30; index += 1) expect((await v2('POST', v2Base, fullLocationBody({ name: `Attached ${index}` }))).status).toBe(201);
    // The first call of a token records its use; counting starts after it.
    await list('?limit=1');
    server.queries.count = 0;
    expect((await list('?limit=2')).data).toHaveLength(2);
    const small = server.queries.count;
    server.queries.count = 0;
    expect((await list('?limit=30')).data).toHaveLength(30);
    expect(server.queries.count).toBe(small);
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

describe('DELETE /api/locations/{id}', () => {
  it('deletes with {"success": true}; the location is gone from V1 and V2', async () => {
    const { v2: created, v1Id } = await createV2();
    const response = await v1('DELETE', `/api/locations/${v1Id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await v1('GET', `/api/locations/${v1Id}`)).status).toBe(404);
    expect((await v2('GET', `${v2Base}/${created.id}`)).status).toBe(404);
    expect((await v1('DELETE', `/api/locations/${v1Id}`)).status).toBe(404);
  });

  it('deletes when the client sends Content-Type: application/json with no body, as many clients do on every request', async () => {
    const { v1Id } = await createV2();
    const response = await call(server, 'DELETE', `/api/locations/${v1Id}`, {
      token: account.legacyToken.token,
      headers: { 'content-type': 'application/json' },
    });
    expect([response.status, response.body]).toEqual([200, { success: true }]);
  });
});

describe('V1 and V2 are two views of the same data', () => {
  /** The basic fields both versions show under the same key: `slug` to `tiktok` of the V1 order. */
  const SHARED_FIELDS = V1_KEYS.slice(V1_KEYS.indexOf('slug'), V1_KEYS.indexOf('socials'));

  function expectSameLocation(v1Body: Record<string, any>, v2Body: Record<string, any>) {
    expect(SHARED_FIELDS).toHaveLength(22);
    for (const field of SHARED_FIELDS) expect(v1Body[field], field).toEqual(v2Body[field]);
    expect(v1Body.location_type?.name ?? null).toBe(v2Body.location_type);
    expect(v1Body.marker === null ? null : { id: v1Body.marker.id, name: v1Body.marker.name }).toEqual(v2Body.marker);
    expect(v1Body.cover_image?.url ?? null).toBe(v2Body.cover_image_url);
    const v1Hours = v1Body.hours === null ? null : Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, v1Body.hours[day]]));
    expect(v1Hours).toEqual(v2Body.hours);
    expect(v1Body.filters).toEqual(v2Body.filters);
    expect(v1Body.fields).toEqual(v2Body.fields);
    expect(v1Body.buttons).toEqual(v2Body.callsToAction);
    for (const v2Only of ['created_at', 'updated_at', 'callsToAction', 'cover_image_url']) expect(v1Body).not.toHaveProperty(v2Only);
  }

  async function readV2(publicId: string) {
    const response = await v2('GET', `${v2Base}/${publicId}?${ALL_INCLUDES}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function v2IdOf(name: string): Promise<string> {
    const response = await v2('GET', `${v2Base}?name=${encodeURIComponent(name)}`);
    expect(response.body.data).toHaveLength(1);
    return response.body.data[0].id;
  }

  it('reads a location created on V2 with every attachment identically on V1', async () => {
    const { v2: created, v1Id } = await createV2({ instagram: '@downtown', yelp: 'downtown-austin', tiktok: 'https://www.tiktok.com/@downtown', address_line_2: 'Suite 5' });
    const v1Body = await readV1(v1Id);
    expectSameLocation(v1Body, await readV2(created.id));
    expect(v1Body.socials.map((social: { key: string; url: string }) => [social.key, social.url])).toEqual([
      ['facebook', 'https://www.facebook.com/downtownstore'],
      ['instagram', 'https://www.instagram.com/downtown'],
      ['twitter', 'https://twitter.com/downtown'],
      ['yelp', 'https://www.yelp.com/biz/downtown-austin'],
      ['tiktok', 'https://www.tiktok.com/@downtown'],
    ]);
  });

  it('writes on V1, updates on V2 PATCH and V1 PUT, and both read the same', async () => {
    const created = await createV1({ name: 'Crossover', address_line_1: '2 Side St', city: 'Austin', lat: 30.1, lng: -97.1, location_type: 'Outlet', twitter: 'cross' });
    const publicId = await v2IdOf('Crossover');
    expectSameLocation(created, await readV2(publicId));

    const patched = await v2('PATCH', `${v2Base}/${publicId}`, {
      phone: '555',
      marker: 'Blue',
      cover: 'storefront',
      hours: { mon: '08:00-12:00' },
      filters: ['Accessible'],
      fields: { Floor: '3' },
      callsToAction: { Book: 'https://example.com/book' },
    });
    expect(patched.status).toBe(200);
    const afterPatch = await readV1(created.id);
    expect(afterPatch).toMatchObject({
      phone: '555',
      marker: { id: catalog.markers.blue, name: 'Blue' },
      cover_image: { url: 'https://cdn.example.com/img/storefront.jpg', name: 'storefront' },
      hours: { location_id: created.id, mon: '08:00-12:00', tue: null },
      filters: [{ name: 'Accessible' }],
      fields: [{ name: 'Floor', value: '3' }],
      buttons: [{ title: 'Book', value: 'https://example.com/book' }],
    });
    expectSameLocation(afterPatch, await readV2(publicId));

    const put = await putV1(created.id, { name: 'Crossover', location_type: 'Outlet', city: 'Round Rock', email: 'x@example.com' });
    const afterPut = await readV2(publicId);
    expect(afterPut).toMatchObject({ city: 'Round Rock', email: 'x@example.com', address: '2 Side St, Round Rock', marker: { name: 'Blue' }, location_type: 'Outlet' });
    expectSameLocation(put, afterPut);
  });
});

describe('the V1 OpenAPI document', () => {
  it('describes the V1 routes with the legacy token, apart from V2', async () => {
    const v1Document = await call(server, 'GET', '/api/openapi.json');
    expect(v1Document.status).toBe(200);
    const paths = v1Document.body.paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/locations', '/api/locations/{id}']));
    expect(Object.keys(paths['/api/locations']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/locations/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    for (const operation of [paths['/api/locations'].get, paths['/api/locations'].post, paths['/api/locations/{id}'].put]) {
      expect(operation.tags).toEqual(['V1 locations (legacy)']);
      expect(operation.security).toEqual([{ legacyToken: [] }]);
    }
    const created = paths['/api/locations'].post.responses['201'].content['application/json'].schema;
    expect(Object.keys(created.properties)).toEqual(V1_KEYS);
    const v2Document = await call(server, 'GET', '/api/v2/openapi.json');
    expect(Object.keys(v2Document.body.paths)).not.toContain('/api/locations');
  });
});
