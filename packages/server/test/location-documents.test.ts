import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_TABLES } from '../src/db/tables/location-documents.table.ts';
import type { LocationV2 } from '../src/schemas/location.v2.ts';
import type { CreatedUser } from '../src/services/accounts.service.ts';
import { fullLocationBody, seedCatalog } from './support/factories.ts';
import { call, createAccount, startTestServer, type TestServer } from './support/server.ts';

// Reads answer from stored documents (see migration 20261122T0300). These tests change locations every way a
// writer can, through the API and behind its back in the database, and check that every read shows the change.

let server: TestServer;
let account: CreatedUser;
let base: string;

const INCLUDE_ALL = 'includeHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1';
const v2 = (method: string, path: string, body?: unknown) => call(server, method, path, { token: account.token.token, ...(body !== undefined ? { body } : {}) });
const v1 = (path: string) => call(server, 'GET', path, { token: account.legacyToken.token });

/** A V2 location read with every include. */
type FullLocation = LocationV2 & Required<Pick<LocationV2, 'hours' | 'filters' | 'fields' | 'callsToAction'>>;

async function readV2(id: string): Promise<FullLocation> {
  const response = await call<{ data: FullLocation }>(server, 'GET', `${base}/${id}?${INCLUDE_ALL}`, { token: account.token.token });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function listV2() {
  const response = await v2('GET', `${base}?limit=100&${INCLUDE_ALL}`);
  expect(response.status).toBe(200);
  return response.body.data as { id: string }[];
}

async function listV1() {
  const response = await v1('/api/locations?limit=100');
  expect(response.status).toBe(200);
  return response.body.data as { id: string; name: string }[];
}

/** Every read of the location, each asked twice so the second is answered from the stored document. */
async function everyRead(id: string) {
  const reads = async () => {
    const one = await readV2(id);
    const inList = (await listV2()).find((location) => location.id === one.id);
    const inV1List = (await listV1()).find((location) => location.name === one.name);
    return { one, inList, inV1List };
  };
  await reads();
  return reads();
}

/** The APIs whose documents of the location are stored. */
async function storedDocuments(locationPublicId: string): Promise<string[]> {
  const id = await locationId(locationPublicId);
  const formats: string[] = [];
  for (const [format, table] of Object.entries(DOCUMENT_TABLES)) {
    const rows = await server.database.db.selectFrom(table as 'location_documents_v2').select('location_id').where('location_id', '=', id).execute();
    if (rows.length > 0) formats.push(format);
  }
  return formats.sort();
}

async function locationId(publicId: string): Promise<number> {
  const row = await server.database.db.selectFrom('locations').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());
beforeEach(async () => {
  account = await createAccount(server);
  await seedCatalog(server, account.project);
  base = `/api/v2/projects/${account.project.public_id}/locations`;
});

async function createLocation() {
  const response = await v2('POST', base, fullLocationBody());
  expect(response.status).toBe(201);
  return response.body.data as { id: string };
}

describe('stored location documents', () => {
  it('are stored by the first read and answer the next one in a single query', async () => {
    const { id } = await createLocation();
    expect(await storedDocuments(id)).toEqual([]);
    const first = await v2('GET', `${base}/${id}?${INCLUDE_ALL}`);
    expect(await storedDocuments(id)).toEqual(['v2']);
    server.queries.count = 0;
    const second = await v2('GET', `${base}/${id}?${INCLUDE_ALL}`);
    expect(server.queries.count).toBe(1);
    expect(second.text).toBe(first.text);
    await listV1();
    expect(await storedDocuments(id)).toEqual(['v1', 'v2']);
  });

  it('assemble any combination of includes from one document, byte for byte as built', async () => {
    const { id } = await createLocation();
    const flags = ['includeHours', 'includeFilters', 'includeFields', 'includeCallsToAction'];
    for (let mask = 0; mask < 16; mask += 1) {
      const query = flags.filter((_, bit) => mask & (1 << bit)).map((flag) => `${flag}=1`).join('&');
      await sql`delete from location_documents_v2`.execute(server.database.db);
      const built = await v2('GET', `${base}/${id}?${query}`);
      const stored = await v2('GET', `${base}/${id}?${query}`);
      expect(stored.text).toBe(built.text);
      expect(Object.keys(built.body.data).filter((key) => ['hours', 'filters', 'fields', 'callsToAction'].includes(key))).toEqual(
        ['hours', 'filters', 'fields', 'callsToAction'].filter((_, bit) => mask & (1 << bit)),
      );
    }
  });

  it('are answered as stored while they carry the current revisions, and never once they do not', async () => {
    const { id } = await createLocation();
    await readV2(id);
    const { db } = server.database;
    const tampered = '{"id":"tampered"}';
    await db.updateTable('location_documents_v2').set({ body: tampered }).execute();
    expect((await readV2(id)).id).toBe('tampered');
    // The same text built from an older revision of the location, or an older catalog, is not served.
    await db.updateTable('location_documents_v2').set((eb) => ({ revision: eb('revision', '-', 1) })).execute();
    expect((await readV2(id)).id).toBe(id);
    await db.updateTable('location_documents_v2').set((eb) => ({ body: tampered, catalog_revision: eb('catalog_revision', '-', 1) })).execute();
    expect((await readV2(id)).id).toBe(id);
  });

  it.each([
    ['a PATCH', async (id: string) => void (await v2('PATCH', `${base}/${id}`, { phone: '+1 512 555 0199', filters: ['Accessible'] }))],
    ['a PUT', async (id: string) => void (await v2('PUT', `${base}/${id}`, fullLocationBody({ phone: '+1 512 555 0199', filters: ['Accessible'] })))],
  ])('show the change of %s in every read', async (_, change) => {
    const { id } = await createLocation();
    await everyRead(id);
    await change(id);
    const { one, inList } = await everyRead(id);
    expect(one.phone).toBe('+1 512 555 0199');
    expect(one.filters.map((filter) => filter.name)).toEqual(['Accessible']);
    expect(inList).toEqual(one);
  });

  // Writers other than the API (the geocoding worker, the CLI, a person with SQL) change rows directly.
  it.each([
    ['the location row', (id: number) => sql`update locations set phone = '+1 512 555 0199' where id = ${id}`, (l: FullLocation) => l.phone === '+1 512 555 0199'],
    ['a field value', (id: number) => sql`update location_field_values set value = 'Grace' where location_id = ${id}`, (l: FullLocation) => l.fields.some((f) => f.value === 'Grace')],
    ['the filters', (id: number) => sql`delete from location_filters where location_id = ${id}`, (l: FullLocation) => l.filters.length === 0],
    ['the opening hours', (id: number) => sql`update opening_hours set mon = '10:00-11:00' where location_id = ${id}`, (l: FullLocation) => l.hours?.mon === '10:00-11:00'],
    ['a call to action', (id: number) => sql`delete from location_calls_to_action where location_id = ${id}`, (l: FullLocation) => l.callsToAction.length === 0],
    ['a filter of the catalog', () => sql`update filters set name = 'Free Wifi' where name = 'Wifi'`, (l: FullLocation) => l.filters.some((f) => f.name === 'Free Wifi')],
    ['a field of the catalog', () => sql`update custom_fields set name = 'Boss' where name = 'Manager'`, (l: FullLocation) => l.fields.some((f) => f.name === 'Boss')],
    ['a call to action of the catalog', () => sql`update calls_to_action set title = 'Order' where title = 'Order online'`, (l: FullLocation) => l.callsToAction[0]?.title === 'Order'],
    ['a marker of the catalog', () => sql`update markers set name = 'Navy' where name = 'Blue'`, (l: FullLocation) => l.marker?.name === 'Navy'],
    ['a location type of the catalog', () => sql`update location_types set name = 'Depot' where name = 'Outlet'`, (l: FullLocation) => l.location_type === 'Depot'],
  ])('show a change of %s made directly in the database in every read', async (_, change, changed) => {
    const { id } = await createLocation();
    const before = await everyRead(id);
    expect(changed(before.one)).toBe(false);
    await change(await locationId(id)).execute(server.database.db);
    const after = await everyRead(id);
    expect(changed(after.one)).toBe(true);
    expect(after.inList).toEqual(after.one);
    expect(after.inV1List).not.toEqual(before.inV1List);
  });

  it('show an attached row moved from one location to another in the reads of both', async () => {
    const from = await createLocation();
    const to = await createLocation();
    await sql`delete from location_calls_to_action where location_id = ${await locationId(to.id)}`.execute(server.database.db);
    const before = { from: (await everyRead(from.id)).one, to: (await everyRead(to.id)).one };
    expect(before.from.callsToAction).toHaveLength(1);
    expect(before.to.callsToAction).toHaveLength(0);
    await sql`update location_calls_to_action set location_id = ${await locationId(to.id)} where location_id = ${await locationId(from.id)}`.execute(
      server.database.db,
    );
    const after = { from: await everyRead(from.id), to: await everyRead(to.id) };
    expect(after.from.one.callsToAction).toHaveLength(0);
    expect(after.to.one.callsToAction).toEqual(before.from.callsToAction);
    expect(after.from.inList).toEqual(after.from.one);
    expect(after.to.inList).toEqual(after.to.one);
  });

  it('show a rename through the configuration API', async () => {
    const { id } = await createLocation();
    await everyRead(id);
    const filters = await v2('GET', `/api/v2/projects/${account.project.public_id}/filters`);
    const wifi = filters.body.data.find((filter: { name: string }) => filter.name === 'Wifi');
    expect((await v2('PATCH', `/api/v2/projects/${account.project.public_id}/filters/${wifi.id}`, { name: 'Free Wifi' })).status).toBe(200);
    const { one, inList, inV1List } = await everyRead(id);
    expect(one.filters.map((filter) => filter.name)).toContain('Free Wifi');
    expect(inList).toEqual(one);
    expect(JSON.stringify(inV1List)).toContain('Free Wifi');
  });

  it('go with their location', async () => {
    const { id } = await createLocation();
    await everyRead(id);
    expect(await storedDocuments(id)).toEqual(['v1', 'v2']);
    const numericId = await locationId(id);
    expect((await v2('DELETE', `${base}/${id}`)).status).toBe(200);
    for (const table of Object.values(DOCUMENT_TABLES)) {
      const left = await server.database.db.selectFrom(table as 'location_documents_v2').select('location_id').where('location_id', '=', numericId).execute();
      expect(left).toEqual([]);
    }
  });
});
