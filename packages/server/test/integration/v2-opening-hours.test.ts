import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { FULL_WEEK } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';
import { V1_KEYS } from '../support/v1-locations.ts';

// Opening hours on V2: the time zone (set, or derived from the pin), special hours and the computed status.

const server = useTestServer();
let account: CreatedUser;
let base: string;

beforeAll(async () => {
  account = await createAccount(server);
  base = `/api/v2/projects/${account.project.public_id}/locations`;
});

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body === undefined ? {} : { body }) });
const AUSTIN = { name: 'Downtown', city: 'Austin', lat: 30.2672, lng: -97.7431 };
const BERLIN = { lat: 52.52, lng: 13.405 };

async function create(body: Record<string, unknown> = {}): Promise<{ id: string } & Record<string, unknown>> {
  const response = await v2('POST', base, { ...AUSTIN, ...body });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

describe('time_zone', () => {
  it('is derived from the coordinates, follows a moved pin, and stays when a user set it', async () => {
    const created = await create();
    expect(created.time_zone).toBe('America/Chicago');
    const moved = await v2('PATCH', `${base}/${created.id}`, BERLIN);
    expect(moved.body.data.time_zone).toBe('Europe/Berlin');

    const set = await v2('PATCH', `${base}/${created.id}`, { time_zone: 'asia/kolkata' });
    expect(set.body.data.time_zone).toBe('Asia/Kolkata');
    const movedAgain = await v2('PATCH', `${base}/${created.id}`, { lat: 30.2672, lng: -97.7431 });
    expect(movedAgain.body.data.time_zone).toBe('Asia/Kolkata');
    const put = await v2('PUT', `${base}/${created.id}`, { ...AUSTIN, ...BERLIN });
    expect(put.body.data.time_zone).toBe('Asia/Kolkata');

    const cleared = await v2('PATCH', `${base}/${created.id}`, { time_zone: null });
    expect(cleared.body.data.time_zone).toBe('Europe/Berlin');
    expect((await v2('GET', `${base}/${created.id}`)).body.data.time_zone).toBe('Europe/Berlin');
  });

  it('is null without coordinates, and taken as given on create', async () => {
    const noPin = await v2('POST', base, { name: 'Somewhere', city: 'Nowhere' });
    expect(noPin.body.data.time_zone).toBeNull();
    expect((await create({ time_zone: 'Pacific/Chatham' })).time_zone).toBe('Pacific/Chatham');
  });

  it('refuses a name the time-zone database does not know, and saves nothing', async () => {
    const created = await create();
    for (const zone of ['Mars/Olympus', '+01:00', 'America/Chicago ', 'x'.repeat(65)]) {
      const response = await v2('PATCH', `${base}/${created.id}`, { time_zone: zone, phone: '1' });
      if (zone === 'America/Chicago ') {
        expect(response.status).toBe(200);
        continue;
      }
      expect(response.status, zone).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['time_zone']);
    }
    expect((await v2('GET', `${base}/${created.id}`)).body.data.phone).toBe('1');
  });
});

describe('special_hours', () => {
  const CHRISTMAS = { date: '2026-12-25', hours: 'closed', label: 'Christmas Day' };
  const RENOVATION = { from: '2027-01-10', to: '2027-01-20', hours: 'closed', label: 'Renovation' };

  it('are written as a list, kept in date order, and shown on writes and with includeSpecialHours', async () => {
    const created = await create({
      special_hours: [RENOVATION, { date: '2026-12-24', hours: '9:00-13:00' }, CHRISTMAS],
    });
    const expected = [{ date: '2026-12-24', hours: '09:00-13:00', label: null }, CHRISTMAS, RENOVATION];
    expect(created.special_hours).toEqual(expected);
    const plain = await v2('GET', `${base}/${created.id}`);
    expect(plain.body.data).not.toHaveProperty('special_hours');
    expect((await v2('GET', `${base}/${created.id}?includeSpecialHours=1`)).body.data.special_hours).toEqual(expected);
    const list = await v2('GET', `${base}?includeSpecialHours=true`);
    expect(list.body.data.find((location: { id: string }) => location.id === created.id).special_hours).toEqual(
      expected,
    );
  });

  it('PATCH and PUT replace the list, [] clears it, and leaving it out keeps it', async () => {
    const created = await create({ special_hours: [CHRISTMAS] });
    const path = `${base}/${created.id}`;
    expect((await v2('PATCH', path, { phone: '2' })).body.data.special_hours).toEqual([CHRISTMAS]);
    expect((await v2('PUT', path, AUSTIN)).body.data.special_hours).toEqual([CHRISTMAS]);
    expect((await v2('PUT', path, { ...AUSTIN, special_hours: [RENOVATION] })).body.data.special_hours).toEqual([
      RENOVATION,
    ]);
    expect((await v2('PATCH', path, { special_hours: [CHRISTMAS, RENOVATION] })).body.data.special_hours).toEqual([
      CHRISTMAS,
      RENOVATION,
    ]);
    expect((await v2('PATCH', path, { special_hours: [] })).body.data.special_hours).toEqual([]);
  });

  it('takes a GET body sent back as is', async () => {
    const created = await create({ special_hours: [CHRISTMAS], hours: FULL_WEEK });
    const read = await v2('GET', `${base}/${created.id}?includeSpecialHours=1&includeHours=1&includeStatus=1`);
    const sentBack = await v2('PUT', `${base}/${created.id}`, read.body.data);
    expect(sentBack.status, sentBack.text).toBe(200);
    expect(sentBack.body.data.special_hours).toEqual([CHRISTMAS]);
  });

  it('refuses overlapping items, ranges ending before they start and impossible dates, naming the item', async () => {
    const created = await create({ special_hours: [CHRISTMAS] });
    const response = await v2('PATCH', `${base}/${created.id}`, {
      special_hours: [
        CHRISTMAS,
        { date: '2027-02-29', hours: 'closed' },
        { from: '2027-01-20', to: '2027-01-10', hours: 'closed' },
        { date: '2026-12-25', hours: '10:00-12:00' },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'special_hours.1.date': [expect.stringContaining('not a date')],
      'special_hours.2.to': ['is before from (2027-01-20)'],
      'special_hours.3.date': ['overlaps special_hours.0 (2026-12-25)'],
    });
    const unknownKey = await v2('PATCH', `${base}/${created.id}`, {
      special_hours: [{ date: '2026-12-31', hours: 'closed', note: 'x' }],
    });
    expect(unknownKey.status).toBe(422);
    expect((await v2('GET', `${base}/${created.id}?includeSpecialHours=1`)).body.data.special_hours).toEqual([
      CHRISTMAS,
    ]);
  });
});

describe('status', () => {
  const weekdays = { ...FULL_WEEK, sat: '10:00-14:00', sun: 'closed' };

  it('says whether the location is open at an instant, in its zone, with special hours', async () => {
    const created = await create({
      hours: weekdays,
      special_hours: [{ date: '2026-12-24', hours: '09:00-13:00', label: 'Christmas Eve' }],
    });
    const at = (instant: string) =>
      v2('GET', `${base}/${created.id}?includeStatus=1&at=${encodeURIComponent(instant)}`);
    const eve = await at('2026-12-24T17:00:00Z');
    expect(eve.status).toBe(200);
    expect(eve.body.data.status).toEqual({
      open_now: true,
      today: '09:00-13:00',
      next_change: '2026-12-24T13:00:00-06:00',
      special: { label: 'Christmas Eve' },
    });
    const sunday = await at('2026-12-27T12:00:00-06:00');
    expect(sunday.body.data.status).toEqual({
      open_now: false,
      today: 'closed',
      next_change: '2026-12-28T09:00:00-06:00',
      special: null,
    });
  });

  it('is computed for now without at, on lists too, and unknown without hours', async () => {
    const open = await create({
      hours: {
        mon: '00:00-24:00',
        tue: '00:00-24:00',
        wed: '00:00-24:00',
        thu: '00:00-24:00',
        fri: '00:00-24:00',
        sat: '00:00-24:00',
        sun: '00:00-24:00',
      },
    });
    const noHours = await create();
    const list = await v2('GET', `${base}?includeStatus=1&limit=100`);
    const statusOf = (id: string) => list.body.data.find((location: { id: string }) => location.id === id).status;
    expect(statusOf(open.id)).toEqual({ open_now: true, today: '00:00-24:00', next_change: null, special: null });
    expect(statusOf(noHours.id)).toEqual({ open_now: null, today: null, next_change: null, special: null });
    expect((await v2('GET', `${base}/${open.id}`)).body.data).not.toHaveProperty('status');
  });

  it('refuses an at that is not an instant', async () => {
    const created = await create();
    for (const at of ['tomorrow', '2026-12-24', '2026-13-01T00:00:00Z']) {
      const response = await v2('GET', `${base}/${created.id}?includeStatus=1&at=${at}`);
      expect(response.status, at).toBe(422);
      expect(JSON.stringify(response.body)).toContain('at');
    }
  });
});

describe('V1', () => {
  it('answers exactly as before for a location with a zone and special hours', async () => {
    const created = await create({
      special_hours: [{ date: '2026-12-25', hours: 'closed' }],
      time_zone: 'Europe/Berlin',
      hours: FULL_WEEK,
    });
    const v1Id = (
      await server.database.db
        .selectFrom('locations')
        .select('id')
        .where('public_id', '=', created.id)
        .executeTakeFirstOrThrow()
    ).id;
    const read = await call(server, 'GET', `/api/locations/${v1Id}`, { token: account.legacyToken.token });
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.data ?? read.body)).toEqual(V1_KEYS);
    const put = await call(server, 'PUT', `/api/locations/${v1Id}`, {
      token: account.legacyToken.token,
      body: { name: 'Downtown', city: 'Austin', lat: 52.52, lng: 13.405 },
    });
    expect(put.status, put.text).toBe(200);
    expect(Object.keys(put.body.data ?? put.body)).toEqual(V1_KEYS);
    // A V1 write moves the pin; the zone a user set stays, and the special hours are kept.
    const after = await v2('GET', `${base}/${created.id}?includeSpecialHours=1`);
    expect(after.body.data).toMatchObject({
      time_zone: 'Europe/Berlin',
      special_hours: [{ date: '2026-12-25', hours: 'closed', label: null }],
    });
  });
});
