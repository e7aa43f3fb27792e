import { describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { locationRow } from '../support/factories.ts';
import { call, createAccount, createExtraProject, useTestServer } from '../support/server.ts';

const server = useTestServer();

const base = (projectId: string, segment: string) => `/api/v2/projects/${projectId}/${segment}`;

/** Calls one project's configuration endpoint with the account's token. */
function api(account: CreatedUser, projectId = account.project.public_id) {
  const token = account.token.token;
  return {
    list: (segment: string) => call(server, 'GET', base(projectId, segment), { token }),
    create: (segment: string, body: unknown) => call(server, 'POST', base(projectId, segment), { token, body }),
    update: (segment: string, id: string, body: unknown) =>
      call(server, 'PATCH', `${base(projectId, segment)}/${id}`, { token, body }),
    remove: (segment: string, id: string) => call(server, 'DELETE', `${base(projectId, segment)}/${id}`, { token }),
  };
}

/** A location row written directly, so these tests do not depend on the location endpoints. */
async function insertLocation(projectId: number, references: { location_type_id?: number; marker_id?: number } = {}) {
  const at = '2000-01-01T00:00:00.000Z';
  return server.database.db
    .insertInto('locations')
    .values(
      locationRow(projectId, {
        public_id: `loc_test${Math.random().toString(36).slice(2, 12)}`,
        slug: `store-${Math.random().toString(36).slice(2, 8)}`,
        name: 'Store',
        address: '1 Main St',
        address_generated: 0,
        display_address: '1 Main St',
        created_at: at,
        updated_at: at,
        ...references,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function internalId(
  table: 'location_types' | 'markers' | 'filters' | 'custom_fields' | 'calls_to_action',
  publicId: string,
) {
  const row = await server.database.db
    .selectFrom(table)
    .select('id')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.id;
}

interface ResourceCase {
  segment: string;
  idPrefix: string;
  nameKey: 'name' | 'title';
  create: Record<string, unknown>;
  created: Record<string, unknown>;
  patch: Record<string, unknown>;
  patched: Record<string, unknown>;
}

const RESOURCES: ResourceCase[] = [
  {
    segment: 'location-types',
    idPrefix: 'lty_',
    nameKey: 'name',
    create: { name: 'Outlet' },
    created: { name: 'Outlet', priority: 0, default: false, label: false, position: 0 },
    patch: { priority: 7, label: true },
    patched: { name: 'Outlet', priority: 7, default: false, label: true, position: 0 },
  },
  {
    segment: 'markers',
    idPrefix: 'mrk_',
    nameKey: 'name',
    create: { name: 'Flagship', color: '#E4572E', icon_url: 'https://cdn.example.com/pin.png' },
    created: {
      name: 'Flagship',
      color: '#e4572e',
      icon_url: 'https://cdn.example.com/pin.png',
      default: false,
      position: 0,
    },
    patch: { color: null },
    patched: {
      name: 'Flagship',
      color: null,
      icon_url: 'https://cdn.example.com/pin.png',
      default: false,
      position: 0,
    },
  },
  {
    segment: 'filters',
    idPrefix: 'flt_',
    nameKey: 'name',
    create: { name: 'Parking' },
    created: { name: 'Parking', position: 0 },
    patch: { name: 'Free parking' },
    patched: { name: 'Free parking', position: 0 },
  },
  {
    segment: 'fields',
    idPrefix: 'fld_',
    nameKey: 'name',
    create: { name: 'Manager' },
    created: { name: 'Manager', position: 0 },
    patch: { name: 'Store manager' },
    patched: { name: 'Store manager', position: 0 },
  },
  {
    segment: 'calls-to-action',
    idPrefix: 'cta_',
    nameKey: 'title',
    create: { title: 'Order online' },
    created: { title: 'Order online', position: 0 },
    patch: { title: 'Book a table' },
    patched: { title: 'Book a table', position: 0 },
  },
];

describe.each(RESOURCES)('/api/v2/projects/{project_id}/$segment', (resource) => {
  const { segment, nameKey } = resource;

  it('creates, lists in ID order, updates partially and deletes', async () => {
    const client = api(await createAccount(server));
    expect(await client.list(segment)).toMatchObject({ status: 200, body: { data: [] } });

    const created = await client.create(segment, resource.create);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: { id: expect.stringMatching(new RegExp(`^${resource.idPrefix}[0-9A-Za-z]{16}$`)), ...resource.created },
    });
    const id: string = created.body.data.id;
    const second = await client.create(segment, { [nameKey]: 'Zebra second' });
    expect(second.status).toBe(201);

    const listed = await client.list(segment);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([id, second.body.data.id]);
    expect(listed.body.data[0]).toEqual({ ...created.body.data, locations_count: 0 });

    const patched = await client.update(segment, id, resource.patch);
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ data: { id, ...resource.patched } });
    const empty = await client.update(segment, id, {});
    expect(empty).toMatchObject({ status: 200, body: { data: { id, ...resource.patched } } });

    const deleted = await client.remove(segment, id);
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await client.list(segment)).body.data.map((item: { id: string }) => item.id)).toEqual([
      second.body.data.id,
    ]);
    expect((await client.remove(segment, id)).status).toBe(404);
    expect((await client.update(segment, id, {})).status).toBe(404);
  });

  it(`trims the ${nameKey} and refuses a duplicate ignoring case with 422 on ${nameKey}`, async () => {
    const client = api(await createAccount(server));
    const first = await client.create(segment, { [nameKey]: '  Downtown  ' });
    expect(first.body.data[nameKey]).toBe('Downtown');
    const duplicate = await client.create(segment, { [nameKey]: 'DOWNTOWN ' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[nameKey]).toEqual([expect.stringContaining('Downtown')]);
    expect(duplicate.body).not.toHaveProperty(`errors.${nameKey === 'name' ? 'title' : 'name'}`);

    const other = await client.create(segment, { [nameKey]: 'Uptown' });
    const renameClash = await client.update(segment, other.body.data.id, { [nameKey]: 'downtown' });
    expect(renameClash.status).toBe(422);
    expect(renameClash.body.errors[nameKey]).toHaveLength(1);
    const recased = await client.update(segment, first.body.data.id, { [nameKey]: 'DownTown' });
    expect(recased.status).toBe(200);
    expect(recased.body.data[nameKey]).toBe('DownTown');
    expect((await client.list(segment)).body.data.map((item: Record<string, string>) => item[nameKey])).toEqual([
      'DownTown',
      'Uptown',
    ]);
  });

  it('allows the same name in two projects', async () => {
    const account = await createAccount(server);
    const extra = await createExtraProject(server, account);
    expect((await api(account).create(segment, resource.create)).status).toBe(201);
    expect((await api(account, extra.public_id).create(segment, resource.create)).status).toBe(201);
  });

  it('answers 422 and saves nothing for an unknown key, a wrong JSON type, an empty, blank or long name', async () => {
    const client = api(await createAccount(server));
    const invalidBodies: [unknown, string][] = [
      [{ ...resource.create, colour: '#fff' }, 'colour'],
      [{ [nameKey]: 42 }, nameKey],
      [{ [nameKey]: '' }, nameKey],
      [{ [nameKey]: '   ' }, nameKey],
      [{ [nameKey]: 'x'.repeat(101) }, nameKey],
      [{}, nameKey],
    ];
    for (const [body, field] of invalidBodies) {
      const response = await client.create(segment, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual([field]);
    }
    expect((await client.list(segment)).body.data).toEqual([]);
    expect((await client.create(segment, { [nameKey]: 'é'.repeat(100) })).status).toBe(201);

    const item = (await client.create(segment, resource.create)).body.data;
    for (const body of [{ ...resource.patch, colour: '#fff' }, { [nameKey]: null }, { [nameKey]: ' ' }]) {
      const response = await client.update(segment, item.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect((await client.list(segment)).body.data[1]).toEqual({ ...item, locations_count: 0 });
  });

  it("answers 404 for an ID of the caller's other project, of another user, or of another kind", async () => {
    const account = await createAccount(server);
    const extra = await createExtraProject(server, account);
    const foreignItem = (await api(account, extra.public_id).create(segment, resource.create)).body.data;
    const client = api(account);
    expect((await client.update(segment, foreignItem.id, resource.patch)).status).toBe(404);
    expect((await client.remove(segment, foreignItem.id)).status).toBe(404);

    const stranger = await createAccount(server);
    const strangersItem = (await api(stranger).create(segment, resource.create)).body.data;
    expect((await client.update(segment, strangersItem.id, resource.patch)).status).toBe(404);
    expect((await client.remove(segment, strangersItem.id)).status).toBe(404);
    expect((await api(account, stranger.project.public_id).list(segment)).status).toBe(404);

    const otherKind = segment === 'filters' ? 'fields' : 'filters';
    const otherKindItem = (await client.create(otherKind, { name: 'Other kind' })).body.data;
    expect((await client.remove(segment, otherKindItem.id)).status).toBe(404);
    expect((await client.update(segment, 'not-an-id', {})).status).toBe(404);

    // Nothing was touched by the refused calls.
    expect((await api(account, extra.public_id).list(segment)).body.data).toEqual([
      { ...foreignItem, locations_count: 0 },
    ]);
    expect((await api(stranger).list(segment)).body.data).toEqual([{ ...strangersItem, locations_count: 0 }]);
  });
});

describe('location type and marker fields', () => {
  it('keeps omitted keys on PATCH and validates JSON types strictly', async () => {
    const client = api(await createAccount(server));
    const type = (await client.create('location-types', { name: 'Kiosk', priority: 3, label: true })).body.data;
    expect(type).toMatchObject({ priority: 3, label: true, default: false });
    expect((await client.update('location-types', type.id, { name: 'Small kiosk' })).body.data).toEqual({
      ...type,
      name: 'Small kiosk',
    });
    for (const body of [
      { priority: '5' },
      { priority: 1.5 },
      { default: 'true' },
      { label: 1 },
      { priority: 2 ** 31 },
    ]) {
      const response = await client.update('location-types', type.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(Object.keys(body));
    }
    expect((await client.list('location-types')).body.data).toEqual([
      { ...type, name: 'Small kiosk', locations_count: 0 },
    ]);
  });

  it('accepts #rrggbb colours and http(s) icon URLs, each nullable', async () => {
    const client = api(await createAccount(server));
    const marker = (await client.create('markers', { name: 'Plain' })).body.data;
    expect(marker).toEqual({ id: marker.id, name: 'Plain', color: null, icon_url: null, default: false, position: 0 });
    for (const body of [
      { color: 'red' },
      { color: '#12345' },
      { color: '#1234567' },
      { icon_url: 'ftp://example.com/pin.png' },
      { icon_url: 'not a url' },
    ]) {
      const response = await client.update('markers', marker.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(Object.keys(body));
    }
    const updated = await client.update('markers', marker.id, {
      color: '#00FF7f',
      icon_url: 'http://example.com/pin.svg',
    });
    expect(updated.body.data).toMatchObject({ color: '#00ff7f', icon_url: 'http://example.com/pin.svg' });
    const cleared = await client.update('markers', marker.id, { icon_url: null });
    expect(cleared.body.data).toMatchObject({ color: '#00ff7f', icon_url: null });
  });
});

describe.each(['location-types', 'markers'])('the one default of %s', (segment) => {
  const defaults = async (client: ReturnType<typeof api>) =>
    (await client.list(segment)).body.data
      .filter((item: { default: boolean }) => item.default)
      .map((item: { name: string }) => item.name);

  it('moves to the item last made default, by POST or PATCH', async () => {
    const client = api(await createAccount(server));
    const a = (await client.create(segment, { name: 'A', default: true })).body.data;
    const b = (await client.create(segment, { name: 'B', default: true })).body.data;
    expect(b.default).toBe(true);
    expect(await defaults(client)).toEqual(['B']);
    await client.create(segment, { name: 'C' });
    expect(await defaults(client)).toEqual(['B']);

    expect((await client.update(segment, a.id, { default: true })).body.data.default).toBe(true);
    expect(await defaults(client)).toEqual(['A']);
    expect((await client.update(segment, a.id, { default: false })).body.data.default).toBe(false);
    expect(await defaults(client)).toEqual([]);
  });

  it('stays put when the update making another the default is refused', async () => {
    const client = api(await createAccount(server));
    await client.create(segment, { name: 'A', default: true });
    const b = (await client.create(segment, { name: 'B' })).body.data;
    const refused = await client.update(segment, b.id, { name: 'a', default: true });
    expect(refused.status).toBe(422);
    expect(await defaults(client)).toEqual(['A']);
  });

  it('is per project: a default in another project is left alone', async () => {
    const account = await createAccount(server);
    const extra = await createExtraProject(server, account);
    await api(account, extra.public_id).create(segment, { name: 'Elsewhere', default: true });
    await api(account).create(segment, { name: 'Here', default: true });
    expect(await defaults(api(account, extra.public_id))).toEqual(['Elsewhere']);
  });
});

describe('simultaneous writes to one project', () => {
  it('let exactly one of several creates of the same name through', async () => {
    const client = api(await createAccount(server));
    const names = ['Parking', 'PARKING', 'parking', ' Parking', 'parkinG', 'Parking ', 'PARKing', 'parKING'];
    const responses = await Promise.all(names.map((name) => client.create('filters', { name })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    expect((await client.list('filters')).body.data).toHaveLength(1);
  });

  it('leave exactly one default when several markers are made the default at once', async () => {
    const client = api(await createAccount(server));
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F'])
      ids.push((await client.create('markers', { name })).body.data.id);
    const responses = await Promise.all(ids.map((id) => client.update('markers', id, { default: true })));
    expect(responses.map((response) => response.status)).toEqual(ids.map(() => 200));
    const markers = (await client.list('markers')).body.data;
    expect(markers.filter((marker: { default: boolean }) => marker.default)).toHaveLength(1);
  });
});

describe('deleting detaches from locations', () => {
  it('removes filter, field and call-to-action attachments of every location, keeping the locations', async () => {
    const account = await createAccount(server);
    const client = api(account);
    const { db } = server.database;
    const filter = (await client.create('filters', { name: 'Parking' })).body.data;
    const keptFilter = (await client.create('filters', { name: 'Wi-Fi' })).body.data;
    const field = (await client.create('fields', { name: 'Manager' })).body.data;
    const cta = (await client.create('calls-to-action', { title: 'Order online' })).body.data;
    const [one, two] = [await insertLocation(account.project.id), await insertLocation(account.project.id)];
    const filterId = await internalId('filters', filter.id);
    const keptFilterId = await internalId('filters', keptFilter.id);
    const fieldId = await internalId('custom_fields', field.id);
    const ctaId = await internalId('calls_to_action', cta.id);
    for (const location of [one, two]) {
      await db
        .insertInto('location_filters')
        .values([
          { location_id: location.id, filter_id: filterId },
          { location_id: location.id, filter_id: keptFilterId },
        ])
        .execute();
      await db
        .insertInto('location_field_values')
        .values({ location_id: location.id, field_id: fieldId, value: 'Ada' })
        .execute();
      await db
        .insertInto('location_calls_to_action')
        .values({ location_id: location.id, call_to_action_id: ctaId, value: 'https://example.com' })
        .execute();
    }

    expect((await client.remove('filters', filter.id)).status).toBe(200);
    expect((await client.remove('fields', field.id)).status).toBe(200);
    expect((await client.remove('calls-to-action', cta.id)).status).toBe(200);

    const filterRows = await db
      .selectFrom('location_filters')
      .selectAll()
      .where('location_id', 'in', [one.id, two.id])
      .execute();
    expect(filterRows.map((row) => row.filter_id)).toEqual([keptFilterId, keptFilterId]);
    expect(await db.selectFrom('location_field_values').selectAll().where('field_id', '=', fieldId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('location_calls_to_action').selectAll().where('call_to_action_id', '=', ctaId).execute(),
    ).toEqual([]);
    const locations = await db
      .selectFrom('locations')
      .select(['id', 'updated_at'])
      .where('id', 'in', [one.id, two.id])
      .orderBy('id')
      .execute();
    expect(locations.map((location) => location.id)).toEqual([one.id, two.id]);
    // The location bodies changed, so clients syncing with updated_since must see them again.
    for (const location of locations) expect(location.updated_at > one.updated_at).toBe(true);
  });

  it('sets the location type and marker of locations to null', async () => {
    const account = await createAccount(server);
    const client = api(account);
    const type = (await client.create('location-types', { name: 'Outlet', default: true })).body.data;
    const marker = (await client.create('markers', { name: 'Pin', default: true })).body.data;
    const location = await insertLocation(account.project.id, {
      location_type_id: await internalId('location_types', type.id),
      marker_id: await internalId('markers', marker.id),
    });
    expect((await client.remove('location-types', type.id)).status).toBe(200);
    expect((await client.remove('markers', marker.id)).status).toBe(200);
    const row = await server.database.db
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', location.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ location_type_id: null, marker_id: null });
    expect(row.updated_at > location.updated_at).toBe(true);
  });

  it('moves updated_at of the locations using a renamed item, and only those', async () => {
    const account = await createAccount(server);
    const client = api(account);
    const type = (await client.create('location-types', { name: 'Outlet' })).body.data;
    const user = await insertLocation(account.project.id, {
      location_type_id: await internalId('location_types', type.id),
    });
    const bystander = await insertLocation(account.project.id);
    await client.update('location-types', type.id, { priority: 5 });
    const unchanged = await server.database.db
      .selectFrom('locations')
      .select('updated_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.updated_at).toBe(user.updated_at);

    await client.update('location-types', type.id, { name: 'Factory outlet' });
    const rows = await server.database.db
      .selectFrom('locations')
      .select(['id', 'updated_at'])
      .where('id', 'in', [user.id, bystander.id])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.updated_at > user.updated_at)).toEqual([true, false]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the configuration endpoints with strict bodies', async () => {
    const document = (await call(server, 'GET', '/api/v2/openapi.json')).body;
    const markers = document.paths['/api/v2/projects/{project_id}/markers'];
    expect(Object.keys(markers).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/v2/projects/{project_id}/markers/{id}']).sort()).toEqual([
      'delete',
      'patch',
    ]);
    expect(markers.post.tags).toEqual(['V2 project configuration']);
    const body = markers.post.requestBody.content['application/json'].schema;
    expect(body).toMatchObject({ additionalProperties: false, required: ['name'] });
    for (const segment of ['location-types', 'filters', 'fields', 'calls-to-action']) {
      expect(document.paths).toHaveProperty([`/api/v2/projects/{project_id}/${segment}/{id}`]);
    }
  });
});
