import { beforeAll, describe, expect, it } from 'vitest';
import { newPublicId } from '../../src/domain/ids.ts';
import { BULK_MAX_LOCATIONS } from '../../src/domain/location-bulk.ts';
import {
  type CatalogAccount,
  createCatalogAccount,
  createLocationDirectly,
  locationRow,
} from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

// The store list's search (`q`), its "needs attention" filter, and bulk actions on a selection or on every match.

const server = useTestServer();
let owner: CatalogAccount;
const id: Record<string, string> = {};

const WEEK = {
  mon: '09:00-18:00',
  tue: '09:00-18:00',
  wed: '09:00-18:00',
  thu: '09:00-18:00',
  fri: '09:00-18:00',
  sat: '10:00-14:00',
  sun: 'closed',
};

const token = () => ({ token: owner.account.token.token });
const list = (query: string) => call(server, 'GET', `${owner.locations}?limit=100&${query}`, token());
const bulk = (body: unknown) => call(server, 'POST', `${owner.locations}/bulk`, { ...token(), body });
const namesOf = (response: { body: { data: { name: string }[] } }) =>
  response.body.data.map((location) => location.name).sort();

async function events(): Promise<{ type: string; location_id: string | null; actor: { type: string } }[]> {
  const response = await call(server, 'GET', `/api/v2/projects/${owner.account.project.public_id}/events?limit=100`, {
    ...token(),
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

async function location(name: string) {
  const response = await call(server, 'GET', `${owner.locations}/${id[name]}?includeHours=1&includeFilters=1`, token());
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

beforeAll(async () => {
  owner = await createCatalogAccount(server);
  const { db } = server.database;
  const project = owner.account.project;
  const at = { lat: 52.52, lng: 13.4 };
  const made = {
    'Berlin Mitte': { city: 'Berlin', postcode: '10115', external_id: 'B-1', ...at, hours: WEEK },
    'Hamburg Store': { city: 'Hamburg', postcode: '20095', external_id: 'H-1', ...at },
    Alpha: { city: 'München', postcode: '80331', external_id: 'berlin-7' },
    Delta: { city: 'Köln', postcode: '50667', ...at, hours: WEEK, visible: false },
    Echo: { city: 'Bonn', postcode: '53111', ...at, hours: WEEK },
    Foxtrot: {
      city: 'Essen',
      postcode: '45127',
      ...at,
      hours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
    },
    'Percent 100%': { city: 'Dresden', postcode: '01067', ...at, hours: WEEK },
  };
  for (const [name, input] of Object.entries(made))
    id[name] = (await createLocationDirectly(db, project, { name, ...input })).record.public_id;
  // A geocoder that found nothing leaves its status; made here as the geocoding queue would.
  await db
    .updateTable('locations')
    .set({ geocoding_status: 'failed' })
    .where('public_id', '=', id.Echo ?? '')
    .execute();
});

describe('GET /locations?q= (search)', () => {
  it('finds a case-insensitive substring of the name, city, postcode or external ID', async () => {
    expect(namesOf(await list('q=berlin'))).toEqual(['Alpha', 'Berlin Mitte']);
    expect(namesOf(await list('q=BERL'))).toEqual(['Alpha', 'Berlin Mitte']);
    expect(namesOf(await list('q=2009'))).toEqual(['Hamburg Store']);
    expect(namesOf(await list('q=h-1'))).toEqual(['Hamburg Store']);
    expect(namesOf(await list('q=bonn'))).toEqual(['Echo']);
    expect((await list('q=berlin')).body.meta.total).toBe(2);
  });

  it('takes the text literally, ignores surrounding spaces, and combines with the other filters', async () => {
    expect(namesOf(await list(`q=${encodeURIComponent('100%')}`))).toEqual(['Percent 100%']);
    expect(namesOf(await list('q=_'))).toEqual([]);
    expect(namesOf(await list(`q=${encodeURIComponent('  hamburg ')}`))).toEqual(['Hamburg Store']);
    expect(namesOf(await list('q=e&visible=false'))).toEqual(['Delta']);
    expect(namesOf(await list('q=e&city[like]=ess'))).toEqual(['Foxtrot']);
  });

  it('refuses a search longer than 255 characters (422)', async () => {
    const response = await list(`q=${'x'.repeat(256)}`);
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['q']);
  });
});

describe('GET /locations?attention= (needs attention)', () => {
  it('lists the locations without coordinates, whose geocoding failed, without hours, or hidden; any is all of them', async () => {
    expect(namesOf(await list('attention=no_coordinates'))).toEqual(['Alpha']);
    expect(namesOf(await list('attention=geocoding_failed'))).toEqual(['Echo']);
    expect(namesOf(await list('attention=no_hours'))).toEqual(['Alpha', 'Foxtrot', 'Hamburg Store']);
    expect(namesOf(await list('attention=hidden'))).toEqual(['Delta']);
    const any = await list('attention=any');
    expect(namesOf(any)).toEqual(['Alpha', 'Delta', 'Echo', 'Foxtrot', 'Hamburg Store']);
    expect(any.body.meta.total).toBe(5);
    expect(namesOf(await list('attention=any&q=berlin'))).toEqual(['Alpha']);
  });

  it('refuses an unknown kind (422)', async () => {
    const response = await list('attention=lonely');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['attention']);
  });
});

describe('POST /locations/bulk', () => {
  it('hides the locations named by ID in one action, with an event of each, and answers their count and IDs', async () => {
    const before = (await events()).length;
    const chosen = [id['Percent 100%'], id['Berlin Mitte'], id.Echo];
    const response = await bulk({ ids: chosen, change: { action: 'hide' } });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.action).toBe('hide');
    expect(response.body.data.count).toBe(3);
    expect([...response.body.data.ids].sort()).toEqual([...chosen].sort());
    expect(namesOf(await list('visible=false'))).toEqual(['Berlin Mitte', 'Delta', 'Echo', 'Percent 100%']);
    const recorded = (await events()).slice(before);
    expect(recorded.map((event) => event.type)).toEqual(['location.updated', 'location.updated', 'location.updated']);
    expect(recorded.map((event) => event.location_id).sort()).toEqual([...chosen].sort());
    expect(recorded.every((event) => event.actor.type === 'token')).toBe(true);
  });

  it('shows every location matching the filters of `where`; one left as it was records no event', async () => {
    const before = (await events()).length;
    const response = await bulk({
      where: { q: 'e', visible: 'false', 'city[ne]': 'Köln' },
      change: { action: 'show' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.count).toBe(3);
    expect(namesOf(await list('visible=false'))).toEqual(['Delta']);
    expect((await events()).length - before).toBe(3);
    const again = await bulk({ ids: [id.Echo], change: { action: 'show' } });
    expect(again.body.data.count).toBe(1);
    expect((await events()).length - before).toBe(3);
  });

  it('adds and removes a filter, keeping the others', async () => {
    const added = await bulk({ where: { q: 'berlin' }, change: { action: 'add_filter', filter: 'wifi' } });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data.count).toBe(2);
    await bulk({ ids: [id['Berlin Mitte']], change: { action: 'add_filter', filter: 'Parking' } });
    expect((await location('Berlin Mitte')).filters.map((filter: { name: string }) => filter.name)).toEqual([
      'Wifi',
      'Parking',
    ]);
    const removed = await bulk({
      ids: [id['Berlin Mitte'], id.Alpha],
      change: { action: 'remove_filter', filter: 'Wifi' },
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await location('Berlin Mitte')).filters.map((filter: { name: string }) => filter.name)).toEqual([
      'Parking',
    ]);
    expect((await location('Alpha')).filters).toEqual([]);
  });

  it('sets the type (null clears it) and applies an hours template', async () => {
    const typed = await bulk({ ids: [id.Alpha, id.Echo], change: { action: 'set_type', location_type: 'Outlet' } });
    expect(typed.status, typed.text).toBe(200);
    expect((await location('Alpha')).location_type).toBe('Outlet');
    expect((await location('Echo')).location_type).toBe('Outlet');
    await bulk({ ids: [id.Echo], change: { action: 'set_type', location_type: null } });
    expect((await location('Echo')).location_type).toBeNull();

    const hours = await bulk({ where: { attention: 'no_hours' }, change: { action: 'set_hours', hours: WEEK } });
    expect(hours.status, hours.text).toBe(200);
    expect(hours.body.data.count).toBe(3);
    expect((await location('Hamburg Store')).hours).toEqual(WEEK);
    expect((await location('Foxtrot')).hours).toEqual(WEEK);
    expect(namesOf(await list('attention=no_hours'))).toEqual([]);
  });

  it('refuses a change it cannot make (422, each field named) and saves nothing', async () => {
    const before = await events();
    const visibleBefore = namesOf(await list('visible=true'));
    const refusals: [unknown, string[]][] = [
      [{ ids: [id.Alpha, id.Echo], change: { action: 'add_filter', filter: 'Sauna' } }, ['change.filter']],
      [{ ids: [id.Alpha], change: { action: 'add_filter' } }, ['change.filter']],
      [{ ids: [id.Alpha], change: { action: 'hide', filter: 'Wifi' } }, ['change.filter']],
      [{ ids: [id.Alpha], change: { action: 'set_type', location_type: 'Kiosk' } }, ['change.location_type']],
      [{ ids: [id.Alpha], change: { action: 'set_hours', hours: { ...WEEK, sun: undefined } } }, ['change.hours.sun']],
      [{ ids: [id.Alpha], change: { action: 'set_hours', hours: { ...WEEK, mon: '9 to 5' } } }, ['change.hours.mon']],
      [{ ids: [id.Alpha, 'loc_nothere'], change: { action: 'hide' } }, ['ids']],
      [{ ids: [id.Alpha], where: {}, change: { action: 'hide' } }, ['ids', 'where']],
      [{ change: { action: 'hide' } }, ['ids']],
      [{ where: { colour: 'red' }, change: { action: 'hide' } }, ['where.colour']],
      [{ where: { updated_since: '2026-02-30' }, change: { action: 'hide' } }, ['where.updated_since']],
      [{ ids: [id.Alpha], change: { action: 'paint' } }, ['change.action']],
      [{ ids: [], change: { action: 'hide' } }, ['ids']],
    ];
    for (const [body, fields] of refusals) {
      const response = await bulk(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors).sort(), response.text).toEqual(fields);
    }
    expect(namesOf(await list('visible=true'))).toEqual(visibleBefore);
    expect((await location('Alpha')).filters).toEqual([]);
    expect(await events()).toEqual(before);
  });

  it('deletes every match, with a location.deleted event of each', async () => {
    const before = (await events()).length;
    const response = await bulk({ where: { attention: 'hidden' }, change: { action: 'delete' } });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ action: 'delete', count: 1, ids: [id.Delta] });
    expect((await call(server, 'GET', `${owner.locations}/${id.Delta}`, token())).status).toBe(404);
    const recorded = (await events()).slice(before);
    expect(recorded.map((event) => [event.type, event.location_id])).toEqual([['location.deleted', id.Delta]]);
    const none = await bulk({ where: { attention: 'hidden' }, change: { action: 'delete' } });
    expect(none.body.data).toEqual({ action: 'delete', count: 0, ids: [] });
  });

  it(`changes at most ${BULK_MAX_LOCATIONS} locations and 1,000 IDs at once (422 beyond, nothing saved)`, async () => {
    const big = await createCatalogAccount(server);
    const { db } = server.database;
    const rows = Array.from({ length: BULK_MAX_LOCATIONS + 1 }, (_, n) =>
      locationRow(big.account.project.id, { public_id: newPublicId('location'), slug: `s-${n}`, name: `Store ${n}` }),
    );
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto('locations')
        .values(rows.slice(start, start + 500))
        .execute();
    const path = `${big.locations}/bulk`;
    const auth = { token: big.account.token.token };
    const tooMany = await call(server, 'POST', path, { ...auth, body: { where: {}, change: { action: 'hide' } } });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.errors)).toEqual(['where']);
    const tooManyIds = await call(server, 'POST', path, {
      ...auth,
      body: { ids: rows.slice(0, 1001).map((row) => row.public_id), change: { action: 'hide' } },
    });
    expect(tooManyIds.status).toBe(422);
    expect(Object.keys(tooManyIds.body.errors)).toEqual(['ids']);
    const hidden = await call(server, 'GET', `${big.locations}?visible=false`, auth);
    expect(hidden.body.meta.total).toBe(0);
    const fewer = await call(server, 'POST', path, {
      ...auth,
      body: { where: { 'name[ne]': 'Store 0' }, change: { action: 'hide' } },
    });
    expect(fewer.status, fewer.text).toBe(200);
    expect(fewer.body.data.count).toBe(BULK_MAX_LOCATIONS);
    // Thousands of rows written and changed: seconds on PostgreSQL, more on a busy machine.
  }, 90_000);
});
