import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../src/services/accounts.service.ts';
import { FULL_WEEK, fullLocationBody, seedCatalog } from './support/factories.ts';
import { call, createAccount, startTestServer, type TestServer } from './support/server.ts';

// A create answers with what it saved without reading it back (services/created-location.ts): its answer must be
// exactly what a read of the new location returns, whatever the body sets or leaves to the project's defaults.

let server: TestServer;
let account: CreatedUser;

const INCLUDE_ALL = 'includeHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());
beforeEach(async () => {
  account = await createAccount(server);
  await seedCatalog(server, account.project);
  // Markers with every column set, so the answer's marker is checked in full (V1 shows its icon).
  await server.database.db
    .updateTable('markers')
    .set({ icon_url: sql<string>`'https://cdn.example.com/pins/' || name || '.svg'` })
    .where('project_id', '=', account.project.id)
    .execute();
});

const V2_BODIES: Record<string, Record<string, unknown>> = {
  'every field set': fullLocationBody(),
  'attachments named out of catalog order': fullLocationBody({
    filters: ['Accessible', 'Wifi', 'Parking'],
    fields: { Floor: '3', Manager: 'Grace' },
    callsToAction: { Book: 'https://example.com/book', 'Order online': 'https://example.com/order' },
  }),
  "the project's default type and marker, no hours or attachments": { name: 'Bare', city: 'Austin', lat: 30.1, lng: -97.1 },
  'no schedule (coming soon), hidden, no type': fullLocationBody({ hours: null, visible: false, location_type: null, filters: [], fields: {}, callsToAction: {} }),
  'one day of hours': fullLocationBody({ hours: { ...Object.fromEntries(Object.keys(FULL_WEEK).map((day) => [day, null])), sat: '10:00-14:00' } }),
};

describe('the answer of a create', () => {
  for (const [name, body] of Object.entries(V2_BODIES)) {
    it(`is what a V2 read of it returns: ${name}`, async () => {
      const base = `/api/v2/projects/${account.project.public_id}/locations`;
      const created = await call(server, 'POST', base, { token: account.token.token, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await call(server, 'GET', `${base}/${created.body.data.id}?${INCLUDE_ALL}`, { token: account.token.token });
      expect(read.status).toBe(200);
      expect(created.text).toBe(read.text);
    });
  }

  it('is what a V1 read of it returns, with a legacy type and the default marker', async () => {
    for (const body of [
      { name: 'Legacy', address_line_1: '5 Elm St', city: 'Austin', country: 'US', lat: 30.3, lng: -97.7, location_type: 'Outlet' },
      { name: 'Legacy bare', lat: '30.5', lng: '-97.5' },
    ]) {
      const created = await call(server, 'POST', '/api/locations', { token: account.legacyToken.token, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await call(server, 'GET', `/api/locations/${created.body.id}`, { token: account.legacyToken.token });
      expect(read.status).toBe(200);
      expect(created.text).toBe(read.text);
    }
  });

  it('names what the catalog holds at the create, after a change of it by another writer', async () => {
    await server.database.db.updateTable('filters').set({ name: 'Free Wi-Fi' }).where('name', '=', 'Wifi').execute();
    const base = `/api/v2/projects/${account.project.public_id}/locations`;
    const created = await call(server, 'POST', base, { token: account.token.token, body: fullLocationBody({ filters: ['Free Wi-Fi'] }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.filters.map((filter: { name: string }) => filter.name)).toEqual(['Free Wi-Fi']);
    const read = await call(server, 'GET', `${base}/${created.body.data.id}?${INCLUDE_ALL}`, { token: account.token.token });
    expect(created.text).toBe(read.text);
  });
});
