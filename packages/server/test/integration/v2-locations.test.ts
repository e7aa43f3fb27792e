import { beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody, INCLUDE_ALL, type SeededCatalog } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

const server = useTestServer();
let account: CreatedUser;
let catalog: SeededCatalog;
let base: string;

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body !== undefined ? { body } : {}) });

async function create(overrides: Record<string, unknown> = {}) {
  const response = await v2('POST', base, fullLocationBody(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

async function read(id: string) {
  const response = await v2('GET', `${base}/${id}?${INCLUDE_ALL}`);
  expect(response.status).toBe(200);
  return response.body.data;
}

beforeEach(async () => {
  ({ account, catalog, locations: base } = await createCatalogAccount(server));
});

describe('POST /locations', () => {
  it('creates a location and answers 201 with every include, normalised', async () => {
    const response = await v2('POST', base, fullLocationBody());
    expect(response.status).toBe(201);
    const location = response.body.data;
    expect(location).toMatchObject({
      id: expect.stringMatching(/^loc_/),
      name: 'Downtown Store',
      slug: 'downtown-store',
      address: '1 Main St, Austin, TX 78701, US',
      display_address: '1 Main St, Austin, TX 78701, US',
      city: 'Austin',
      lat: 30.2672,
      lng: -97.7431,
      visible: true,
      location_type: 'Outlet',
      marker: { id: catalog.markers.blue, name: 'Blue' },
      cover_image_url: 'https://cdn.example.com/img/storefront.jpg',
      twitter: 'https://twitter.com/downtown',
      instagram: null,
      hours: {
        mon: '09:00-17:00',
        tue: '09:00-17:00',
        wed: '09:00-12:00,13:00-17:00',
        thu: '09:00-17:00',
        fri: '18:00-02:00',
        sat: 'closed',
        sun: null,
      },
      filters: [expect.objectContaining({ name: 'Wifi' }), expect.objectContaining({ name: 'Parking' })],
      fields: [
        expect.objectContaining({ name: 'Manager', value: 'Ada' }),
        expect.objectContaining({ name: 'Floor', value: '2' }),
      ],
      callsToAction: [expect.objectContaining({ title: 'Order online', value: 'https://example.com/order' })],
    });
    expect(location.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(location.updated_at).toBe(location.created_at);
    expect(await read(location.id)).toEqual(location);
  });

  it('requires name and city, naming both, and saves nothing', async () => {
    const response = await v2('POST', base, { phone: '123' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({ name: ['is required'], city: ['is required'] });
    const blank = await v2('POST', base, { name: '  ', city: '' });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors).sort()).toEqual(['city', 'name']);
    expect((await v2('GET', base)).body.meta.total).toBe(0);
  });

  it('takes the project defaults for omitted type and marker, and creates no schedule from empty hours', async () => {
    const location = await create({ location_type: undefined, marker: undefined, hours: {} });
    expect(location.location_type).toBe('Store');
    expect(location.marker).toEqual({ id: catalog.markers.red, name: 'Red' });
    expect(location.hours).toBeNull();
  });

  it('generates the address from components and lets display_address follow it', async () => {
    const location = await create({ address_line_2: 'Suite 5', country: undefined });
    expect(location.address).toBe('1 Main St, Suite 5, Austin, TX 78701');
    expect(location.display_address).toBe(location.address);
    const custom = await create({ address: '1 Main Street, Austin', display_address: 'Next to the park' });
    expect(custom.address).toBe('1 Main Street, Austin');
    expect(custom.display_address).toBe('Next to the park');
  });

  it('accepts zip and postal_code for postcode, and refuses disagreeing ones', async () => {
    expect((await create({ postcode: undefined, zip: '73301' })).postcode).toBe('73301');
    expect((await create({ postcode: undefined, postal_code: '73302' })).postcode).toBe('73302');
    const response = await v2('POST', base, fullLocationBody({ postcode: '1', zip: '2' }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ zip: ['disagrees with postcode: send the postcode once'] });
  });

  it('gives each location a unique slug', async () => {
    const first = await create();
    const second = await create();
    expect(first.slug).toBe('downtown-store');
    expect(second.slug).toBe('downtown-store-2');
  });

  it('picks a marker by ID as well as by name, and a cover by URL', async () => {
    const location = await create({ marker: catalog.markers.red, cover: 'https://img.example.com/a/front%20door.png' });
    expect(location.marker.name).toBe('Red');
    expect(location.cover_image_url).toBe('https://img.example.com/a/front%20door.png');
  });

  it('ignores read-only keys of a GET body sent back', async () => {
    const location = await create();
    const { hours, filters, fields, callsToAction, marker, ...rest } = location;
    const again = await v2('POST', base, {
      ...rest,
      marker: marker.id,
      hours,
      filters: filters.map((f: { name: string }) => f.name),
    });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(location.id);
    void fields;
    void callsToAction;
  });
});

describe('strict V2 validation (422, nothing saved)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an unknown key', { colour: 'red' }, 'colour'],
    ['a number as a string', { lat: '12.5' }, 'lat'],
    ['a latitude out of range', { lat: 91 }, 'lat'],
    ['a longitude out of range', { lng: -180.5 }, 'lng'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['a non-http url', { url: 'ftp://example.com' }, 'url'],
    ['a boolean as a number', { visible: 1 }, 'visible'],
    ['an unknown location type', { location_type: 'Kiosk' }, 'location_type'],
    ['an unknown marker', { marker: 'Green' }, 'marker'],
    ['an unknown filter', { filters: ['Wifi', 'Sauna'] }, 'filters'],
    ['an unknown field', { fields: { Owner: 'x' } }, 'fields.Owner'],
    ['an unknown call to action', { callsToAction: { 'Call us': 'tel:1' } }, 'callsToAction.Call us'],
    [
      'a javascript: call to action',
      { callsToAction: { 'Order online': 'javascript:alert(1)' } },
      'callsToAction.Order online',
    ],
    [
      'a data: call to action',
      { callsToAction: { Book: 'data:text/html,<script>alert(1)</script>' } },
      'callsToAction.Book',
    ],
    [
      'a vbscript: call to action',
      { callsToAction: [{ title: 'Book', value: 'VBScript:msgbox(1)' }] },
      'callsToAction.Book',
    ],
    ['hours in a wrong format', { hours: { ...(fullLocationBody().hours as object), mon: '9 to 5' } }, 'hours.mon'],
    ['hours missing days', { hours: { mon: '09:00-17:00' } }, 'hours.tue'],
    ['a day name every object inherits', { hours: { constructor: '09:00-17:00' } }, 'hours.constructor'],
    ['an unknown cover image name', { cover: 'nope' }, 'cover'],
    ['a cover that only looks like a URL', { cover: 'https://[bad' }, 'cover'],
    ['a name too long', { name: 'x'.repeat(256) }, 'name'],
  ];
  it.each(cases)('rejects %s', async (_label, overrides, field) => {
    const response = await v2('POST', base, fullLocationBody(overrides));
    expect(response.status).toBe(422);
    expect(response.body.errors[field], JSON.stringify(response.body)).toEqual(
      expect.arrayContaining([expect.any(String)]),
    );
    expect(response.body.message).toEqual(expect.any(String));
    expect((await v2('GET', base)).body.meta.total).toBe(0);
  });

  it('says in one sentence per problem what a field takes', async () => {
    const response = await v2(
      'POST',
      base,
      fullLocationBody({ name: ' ', city: '', email: 'not-an-email', url: 'ftp://example.com', phone: 5 }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: ['must not be blank'],
      city: ['must not be blank'],
      email: ['must be a valid email address'],
      url: ['must be an http(s) URL'],
      phone: ['must be a string or null'],
    });
    const long = await v2('POST', base, fullLocationBody({ name: 'x'.repeat(256) }));
    expect(long.body.errors).toEqual({ name: ['must be at most 255 characters'] });
  });

  it('names what is configured when a name is unknown', async () => {
    const response = await v2('POST', base, fullLocationBody({ location_type: 'Kiosk' }));
    expect(response.body.errors.location_type[0]).toContain('"Store", "Outlet"');
  });

  it('answers malformed JSON with 400, a non-JSON body with 415 and an over-size body with 413', async () => {
    const malformed = await call(server, 'POST', base, {
      token: account.token.token,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const text = await call(server, 'POST', base, {
      token: account.token.token,
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const form = await call(server, 'POST', base, {
      token: account.token.token,
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const huge = await v2('POST', base, fullLocationBody({ address: 'x'.repeat(1024 * 1024 + 10) }));
    expect(huge.status).toBe(413);
    const notObject = await v2('POST', base, [1, 2]);
    expect(notObject.status).toBe(422);
    expect(notObject.body.errors).toEqual({ body: ['must be an object'] });
    expect((await v2('GET', base)).body.meta.total).toBe(0);
  });
});

describe('GET /locations/{id}', () => {
  it('leaves out attachments unless their include flag is set', async () => {
    const location = await create();
    const plain = (await v2('GET', `${base}/${location.id}`)).body.data;
    for (const key of ['hours', 'filters', 'fields', 'callsToAction']) expect(plain).not.toHaveProperty(key);
    const some = (await v2('GET', `${base}/${location.id}?includeHours=true&includeFields=1&includeFilters=0`)).body
      .data;
    expect(some).toHaveProperty('hours');
    expect(some).toHaveProperty('fields');
    expect(some).not.toHaveProperty('filters');
    expect((await v2('GET', `${base}/${location.id}?includeHours=yes`)).status).toBe(422);
  });

  it('answers 404 for an unknown ID, a V1 numeric ID, and a location of another project', async () => {
    const location = await create();
    expect((await v2('GET', `${base}/loc_doesnotexist`)).status).toBe(404);
    const v1Id = (
      await server.database.db
        .selectFrom('locations')
        .select('id')
        .where('public_id', '=', location.id)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await v2('GET', `${base}/${v1Id}`)).status).toBe(404);
    const other = await createAccount(server);
    const otherBase = `/api/v2/projects/${other.project.public_id}/locations`;
    expect((await call(server, 'GET', `${otherBase}/${location.id}`, { token: other.token.token })).status).toBe(404);
    expect((await call(server, 'GET', `${base}/${location.id}`, { token: other.token.token })).status).toBe(404);
  });
});

describe('PATCH /locations/{id}', () => {
  it('changes only what is sent and answers 200 with the location', async () => {
    const location = await create();
    server.clock.now += 60_000;
    const response = await v2('PATCH', `${base}/${location.id}`, { phone: '+1 000' });
    expect(response.status).toBe(200);
    const { phone, phone_valid, updated_at, ...rest } = response.body.data;
    const { phone: oldPhone, phone_valid: oldValid, updated_at: oldUpdated, ...oldRest } = location;
    expect([oldPhone, phone]).toEqual(['+1 512 555 0100', '+1 000']);
    expect([oldValid, phone_valid]).toEqual([true, false]);
    expect(rest).toEqual(oldRest);
    expect([oldUpdated, updated_at]).toEqual([
      new Date(server.clock.now - 60_000).toISOString(),
      new Date(server.clock.now).toISOString(),
    ]);
  });

  it('replaces filters, merges fields and calls to action by name, and changes only the hours sent', async () => {
    const location = await create();
    const response = await v2('PATCH', `${base}/${location.id}`, {
      filters: ['Accessible'],
      fields: { Manager: null, Floor: '3' },
      callsToAction: { Book: 'https://example.com/book' },
      hours: { monday: '10:00-16:00', sun: 'closed', fri: null },
    });
    expect(response.status).toBe(200);
    const saved = await read(location.id);
    expect(saved.filters.map((f: { name: string }) => f.name)).toEqual(['Accessible']);
    expect(saved.fields).toEqual([expect.objectContaining({ name: 'Floor', value: '3' })]);
    expect(saved.callsToAction.map((c: { title: string }) => c.title)).toEqual(['Order online', 'Book']);
    expect(saved.hours).toEqual({ ...location.hours, mon: '10:00-16:00', sun: 'closed', fri: null });
    expect((await v2('PATCH', `${base}/${location.id}`, { filters: [] })).body.data.filters).toEqual([]);
  });

  it('takes calls to action that link to the web, mail or a phone, and refuses any other scheme', async () => {
    const location = await create();
    const path = `${base}/${location.id}`;
    const links = { 'Order online': 'mailto:orders@example.com', Book: 'tel:+15125550199' };
    expect((await v2('PATCH', path, { callsToAction: links })).status).toBe(200);
    const refused = await v2('PATCH', path, { callsToAction: { Book: ' javascript:alert(1)' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'callsToAction.Book': ['must be an http(s), mailto: or tel: link, not javascript:'],
    });
    const saved = await read(location.id);
    expect(
      Object.fromEntries(saved.callsToAction.map((c: { title: string; value: string }) => [c.title, c.value])),
    ).toEqual(links);
  });

  it('keeps the schedule for hours {} and removes it for hours null', async () => {
    const location = await create();
    expect((await v2('PATCH', `${base}/${location.id}`, { hours: {} })).body.data.hours).toEqual(location.hours);
    expect((await v2('PATCH', `${base}/${location.id}`, { hours: null })).body.data.hours).toBeNull();
    const fresh = await v2('PATCH', `${base}/${location.id}`, { hours: { tue: '08:00-12:00' } });
    expect(fresh.body.data.hours).toEqual({
      mon: null,
      tue: '08:00-12:00',
      wed: null,
      thu: null,
      fri: null,
      sat: null,
      sun: null,
    });
  });

  it('keeps type and marker when omitted and clears them with null', async () => {
    const location = await create();
    const kept = (await v2('PATCH', `${base}/${location.id}`, { name: 'Renamed' })).body.data;
    expect(kept.location_type).toBe('Outlet');
    expect(kept.marker.name).toBe('Blue');
    expect(kept.slug).toBe(location.slug);
    const cleared = (await v2('PATCH', `${base}/${location.id}`, { location_type: null, marker: null, cover: null }))
      .body.data;
    expect(cleared).toMatchObject({ location_type: null, marker: null, cover_image_url: null });
  });

  it('refreshes a generated address when components change, but keeps a custom one', async () => {
    const generated = await create();
    const moved = (await v2('PATCH', `${base}/${generated.id}`, { address_line_1: '2 Side St' })).body.data;
    expect(moved.address).toBe('2 Side St, Austin, TX 78701, US');
    expect(moved.display_address).toBe(moved.address);
    expect(moved.lat).toBe(generated.lat);
    const custom = await create({ address: 'Custom address' });
    const kept = (await v2('PATCH', `${base}/${custom.id}`, { city: 'Dallas' })).body.data;
    expect(kept.address).toBe('Custom address');
    const regenerated = (await v2('PATCH', `${base}/${custom.id}`, { address: null })).body.data;
    expect(regenerated.address).toBe('1 Main St, Dallas, TX 78701, US');
  });

  it('saves nothing when any part of the update is invalid', async () => {
    const location = await create();
    const before = await read(location.id);
    const response = await v2('PATCH', `${base}/${location.id}`, {
      name: 'Valid new name',
      filters: ['Accessible'],
      fields: { Manager: 'Grace', Unknown: 'x' },
      hours: { mon: '25:00-26:00' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['fields.Unknown', 'hours.mon']);
    expect(await read(location.id)).toEqual(before);
  });

  it('refuses to clear name or city', async () => {
    const location = await create();
    const response = await v2('PATCH', `${base}/${location.id}`, { name: null, city: '' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['city', 'name']);
  });
});

describe('PUT /locations/{id}', () => {
  it('requires name and city', async () => {
    const location = await create();
    const response = await v2('PUT', `${base}/${location.id}`, { phone: '1' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['city', 'name']);
  });

  it('keeps omitted basic fields and attachments, resets omitted marker and type, replaces supplied sets', async () => {
    const location = await create();
    const response = await v2('PUT', `${base}/${location.id}`, {
      name: 'Put name',
      city: 'Austin',
      fields: { Floor: '7' },
    });
    expect(response.status).toBe(200);
    const saved = response.body.data;
    expect(saved).toMatchObject({
      name: 'Put name',
      phone: location.phone,
      email: location.email,
      lat: location.lat,
      location_type: 'Store',
    });
    expect(saved.marker.name).toBe('Red');
    expect(saved.fields).toEqual([expect.objectContaining({ name: 'Floor', value: '7' })]);
    expect(saved.filters).toEqual(location.filters);
    expect(saved.callsToAction).toEqual(location.callsToAction);
    expect(saved.hours).toEqual(location.hours);
  });

  it('takes a GET body sent back as is, and keeps a generated address generated when a component changed', async () => {
    const location = await create();
    const readBack = await read(location.id);
    const response = await v2('PUT', `${base}/${location.id}`, { ...readBack, city: 'Round Rock' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { updated_at: _u1, address: _a1, display_address: _d1, city: _c1, ...unchanged } = response.body.data;
    const { updated_at: _u2, address: _a2, display_address: _d2, city: _c2, ...before } = readBack;
    expect(unchanged).toEqual(before);
    expect(response.body.data.address).toBe('1 Main St, Round Rock, TX 78701, US');
    const later = await v2('PATCH', `${base}/${location.id}`, { city: 'Dallas' });
    expect(later.body.data.address).toBe('1 Main St, Dallas, TX 78701, US');
  });

  it('removes the schedule with hours null and keeps it with hours {}', async () => {
    const location = await create();
    expect((await v2('PUT', `${base}/${location.id}`, { name: 'x', city: 'y', hours: {} })).body.data.hours).toEqual(
      location.hours,
    );
    expect(
      (await v2('PUT', `${base}/${location.id}`, { name: 'x', city: 'y', hours: null })).body.data.hours,
    ).toBeNull();
  });
});

describe('DELETE /locations/{id}', () => {
  it('deletes with 200 {"success": true}, after which the location is gone', async () => {
    const location = await create();
    const { db } = server.database;
    const { id } = await db
      .selectFrom('locations')
      .select('id')
      .where('public_id', '=', location.id)
      .executeTakeFirstOrThrow();
    const response = await v2('DELETE', `${base}/${location.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await v2('GET', `${base}/${location.id}`)).status).toBe(404);
    expect((await v2('DELETE', `${base}/${location.id}`)).status).toBe(404);
    for (const table of [
      'opening_hours',
      'location_filters',
      'location_field_values',
      'location_calls_to_action',
    ] as const) {
      expect(await db.selectFrom(table).select('location_id').where('location_id', '=', id).execute()).toEqual([]);
    }
  });

  it('deletes when the client sends Content-Type: application/json with no body; a POST with no body is still 400', async () => {
    const location = await create();
    const headers = { 'content-type': 'application/json' };
    const response = await call(server, 'DELETE', `${base}/${location.id}`, { token: account.token.token, headers });
    expect([response.status, response.body]).toEqual([200, { success: true }]);
    const empty = await call(server, 'POST', base, { token: account.token.token, headers, rawBody: '' });
    expect(empty.status).toBe(400);
    const poisoned = await call(server, 'POST', base, {
      token: account.token.token,
      headers,
      rawBody: '{"name":"x","city":"y","__proto__":{"admin":true}}',
    });
    // Valid JSON, so no 400: a key that would reach the prototype is refused input, and nothing is created.
    expect([poisoned.status, poisoned.body.message]).toEqual([422, expect.stringContaining('__proto__')]);
  });
});
