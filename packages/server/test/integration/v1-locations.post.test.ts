import { describe, expect, it } from 'vitest';
import { call, createAccount, startTestServer } from '../support/server.ts';
import { typeNameOf, useV1Locations, V1_KEYS } from '../support/v1-locations.ts';

// POST /api/locations: validation, V1's lenient input, and the type, address and geocoding rules of a create.
// Shared setup: test/support/v1-locations.ts.

const fixture = useV1Locations();
const { v1, createV1, readV1, locationCount, pendingJobs } = fixture;

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
    const response = await v1('POST', '/api/locations', {
      name: 'Bad',
      lat: 90.5,
      lng: '-181',
      email: 'not-an-email',
      visible: 'maybe',
    });
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
    expect(created).toMatchObject({
      lat: 30.5,
      lng: -97.25,
      visible: false,
      postcode: '78701',
      phone: null,
      email: null,
    });
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
      marker: { id: fixture.catalog.markers.red },
      cover_image: null,
    });
    expect(created.id).not.toBe('999');
  });

  it('answers malformed JSON, a non-object body and a non-JSON body with JSON errors', async () => {
    const malformed = await call(fixture.server, 'POST', '/api/locations', {
      token: fixture.account.legacyToken.token,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: expect.any(String) });
    const array = await v1('POST', '/api/locations', [{ name: 'x' }]);
    expect(array.status).toBe(422);
    const text = await call(fixture.server, 'POST', '/api/locations', {
      token: fixture.account.legacyToken.token,
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: expect.any(String) });
    expect(await locationCount()).toBe(0);
  });
});

describe('the V1 location_type rules', () => {
  it('on POST: omitted, null or unknown selects the default; a configured name (any case) selects it', async () => {
    expect(typeNameOf(await createV1({ name: 'A' }))).toBe('Store');
    expect(typeNameOf(await createV1({ name: 'B', location_type: null }))).toBe('Store');
    expect(typeNameOf(await createV1({ name: 'C', location_type: 'Kiosk' }))).toBe('Store');
    expect(typeNameOf(await createV1({ name: 'D', location_type: '' }))).toBe('Store');
    expect(typeNameOf(await createV1({ name: 'E', location_type: 'Outlet' }))).toBe('Outlet');
    expect(typeNameOf(await createV1({ name: 'F', location_type: ' outlet ' }))).toBe('Outlet');
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
});

describe('V1 geocoding', () => {
  const NASHVILLE = { address_line_1: '100 Broadway', city: 'Nashville', state: 'TN', country: 'US' };

  it('geocodes a POST without coordinates during the request', async () => {
    const offline = await startTestServer({ env: { GEOCODER: 'offline' } });
    try {
      // The offline data loads on first use, which can take longer than a request's bound on a busy machine.
      await offline.services.geocoder.geocode({ city: 'Denver', country: 'US' });
      const owner = await createAccount(offline);
      const response = await call(offline, 'POST', '/api/locations', {
        token: owner.legacyToken.token,
        body: { name: 'Broadway', ...NASHVILLE, lat: 0 },
      });
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
});
