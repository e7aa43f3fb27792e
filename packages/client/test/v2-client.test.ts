import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocatorApiError, type SettingSegment, V2Client } from '../src/index.ts';
import {
  countLocations,
  locationBody,
  recordingFetch,
  seededAccount,
  startTestServer,
  type TestServer,
} from './support/locator.ts';

let server: TestServer;
let account: Awaited<ReturnType<typeof seededAccount>>;
let client: V2Client;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  account = await seededAccount(server);
  client = new V2Client({ baseUrl: server.url, token: account.token.token });
  projectId = account.project.public_id;
});
afterAll(async () => server.stop());

describe('V2Client against the real server: account', () => {
  it('reads the user', async () => {
    const user = await client.getUser();
    expect(user).toMatchObject({ id: account.user.public_id, email: account.user.email });
  });

  it('lists the projects', async () => {
    const projects = await client.listProjects();
    expect(projects).toContainEqual(expect.objectContaining({ id: projectId, api_access: true, personal: true }));
  });
});

describe('V2Client against the real server: locations', () => {
  it('writes only while the location is at the version read (ifMatch), and answers the new tag', async () => {
    const created = await client.createLocation(projectId, locationBody({ name: 'Versioned Store' }));
    const read = await client.getLocationTagged(projectId, created.id);
    expect(read.etag).toMatch(/^"\d+\.[\w-]+"$/);
    const saved = await client.updateLocationTagged(
      projectId,
      created.id,
      { phone: '+1 512 555 0101' },
      {
        ifMatch: read.etag,
      },
    );
    expect(saved.location.phone).toBe('+1 512 555 0101');
    expect(saved.etag).not.toBe(read.etag);
    const stale = await client
      .updateLocation(projectId, created.id, { phone: '+1 512 555 0102' }, { ifMatch: read.etag })
      .catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(LocatorApiError);
    expect((stale as LocatorApiError).status).toBe(412);
    await expect(client.deleteLocation(projectId, created.id, { ifMatch: read.etag })).rejects.toMatchObject({
      status: 412,
    });
    await client.deleteLocation(projectId, created.id, { ifMatch: saved.etag });
  });

  it("finds an address with the server's geocoder and reads the map tiles", async () => {
    const found = await client.geocodeAddress(projectId, { city: 'Denver', state: 'CO', country: 'US' });
    expect(found).toMatchObject({ precision: 'city', time_zone: 'America/Denver' });
    expect(await client.getMap()).toMatchObject({ tile_url: expect.stringContaining('{z}') });
  });

  it('creates, reads, patches, replaces and deletes a location', async () => {
    const created = await client.createLocation(projectId, locationBody({ name: 'Lifecycle Store' }));
    expect(created).toMatchObject({
      name: 'Lifecycle Store',
      city: 'Austin',
      location_type: 'Outlet',
      marker: { name: 'Blue' },
    });
    expect(created.fields).toContainEqual(expect.objectContaining({ name: 'Manager', value: 'Ada' }));

    const read = await client.getLocation(projectId, created.id, { includeHours: '1' });
    expect(read.hours?.mon).toBe('09:00-17:00');
    expect(read.filters).toBeUndefined();

    const patched = await client.updateLocation(projectId, created.id, { phone: '+1 512 555 0199' });
    expect(patched).toMatchObject({ phone: '+1 512 555 0199', name: 'Lifecycle Store', location_type: 'Outlet' });

    const replaced = await client.replaceLocation(projectId, created.id, {
      name: 'Lifecycle Store II',
      city: 'Dallas',
    });
    expect(replaced).toMatchObject({
      name: 'Lifecycle Store II',
      city: 'Dallas',
      location_type: 'Store',
      marker: { name: 'Red' },
    });

    await client.deleteLocation(projectId, created.id);
    const gone = await client.getLocation(projectId, created.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(LocatorApiError);
    expect(gone).toMatchObject({ status: 404, message: 'Location not found.' });
  });

  it('lists one page with the query it is given', async () => {
    await client.createLocation(projectId, locationBody({ name: 'Page Probe', city: 'Lubbock' }));
    const page = await client.listLocations(projectId, { city: 'Lubbock', limit: 5, includeFields: '1' });
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 5, total: 1 });
    expect(page.data[0]).toMatchObject({ name: 'Page Probe', fields: expect.any(Array) });
  });

  it('sends an Idempotency-Key with every POST and none with other methods', async () => {
    const recorder = recordingFetch();
    const recorded = new V2Client({ baseUrl: server.url, token: account.token.token, fetch: recorder.fetch });
    const first = await recorded.createLocation(projectId, locationBody({ name: 'Keyed One' }));
    await recorded.createLocation(projectId, locationBody({ name: 'Keyed Two' }));
    await recorded.getLocation(projectId, first.id);
    const keys = recorder.requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeNull();
  });

  it('replays a create sent again with the same key instead of creating a second location', async () => {
    const before = await countLocations(server, account.project.id);
    const body = locationBody({ name: 'Sent Twice' });
    const first = await client.createLocation(projectId, body, { idempotencyKey: 'import-row-17' });
    const again = await client.createLocation(projectId, body, { idempotencyKey: 'import-row-17' });
    expect(again).toEqual(first);
    expect(await countLocations(server, account.project.id)).toBe(before + 1);
  });
});

describe('V2Client against the real server: typed errors', () => {
  it('surfaces a 422 with its field errors', async () => {
    const error = await client
      .createLocation(projectId, { name: 'No City' } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocatorApiError);
    const apiError = error as LocatorApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.fieldErrors.city).toEqual(['is required']);
    expect(apiError.message).toMatch(/city/);
    expect(apiError.requestId).toEqual(expect.any(String));
    expect(apiError.request).toMatchObject({
      method: 'POST',
      url: `${server.url}/api/v2/projects/${projectId}/locations`,
    });
  });

  it('surfaces a 401 for a bad token and a 404 for someone else’s project', async () => {
    const stranger = new V2Client({ baseUrl: server.url, token: 'lct2_not-a-real-token' });
    await expect(stranger.getUser()).rejects.toMatchObject({ status: 401, fieldErrors: {} });
    const other = await seededAccount(server);
    await expect(client.listLocations(other.project.public_id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('V2Client against the real server: project configuration', () => {
  const cases: {
    resource: SettingSegment;
    create: Record<string, unknown>;
    update: Record<string, unknown>;
    label: 'name' | 'title';
  }[] = [
    { resource: 'location-types', create: { name: 'Kiosk', priority: 3 }, update: { name: 'Pop-up' }, label: 'name' },
    { resource: 'markers', create: { name: 'Green', color: '#00ff00' }, update: { name: 'Lime' }, label: 'name' },
    { resource: 'filters', create: { name: 'Drive-through' }, update: { name: 'Drive-thru' }, label: 'name' },
    { resource: 'fields', create: { name: 'Region' }, update: { name: 'Area' }, label: 'name' },
    { resource: 'calls-to-action', create: { title: 'Call us' }, update: { title: 'Ring us' }, label: 'title' },
  ];

  const settingsOf = (resource: SettingSegment) =>
    ({
      'location-types': client.locationTypes,
      markers: client.markers,
      filters: client.filters,
      fields: client.fields,
      'calls-to-action': client.callsToAction,
    })[resource];

  it.each(cases)('lists, creates, updates and deletes $resource', async ({ resource, create, update, label }) => {
    // The five resources share one implementation; the bodies differ, so each is sent as its own resource's body.
    const settings = settingsOf(resource) as unknown as {
      list(projectId: string): Promise<Record<string, unknown>[]>;
      create(projectId: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
      update(projectId: string, id: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
      delete(projectId: string, id: string): Promise<void>;
    };
    const before = await settings.list(projectId);
    const created = await settings.create(projectId, create);
    expect(created).toMatchObject(create);
    const id = String(created.id);
    const updated = await settings.update(projectId, id, update);
    expect(updated).toMatchObject({ id, ...update });
    expect((await settings.list(projectId)).map((item) => item[label])).toEqual([
      ...before.map((item) => item[label]),
      update[label],
    ]);
    await settings.delete(projectId, id);
    expect(await settings.list(projectId)).toEqual(before);
    await expect(settings.update(projectId, id, update)).rejects.toMatchObject({ status: 404 });
  });

  it('types each resource by its own schema', async () => {
    const type = await client.locationTypes.create(projectId, { name: 'Warehouse', default: false });
    expect(type).toMatchObject({ name: 'Warehouse', default: false });
    const marker = await client.markers.create(projectId, { name: 'Purple', color: '#800080' });
    expect(marker.color).toBe('#800080');
    const action = await client.callsToAction.create(projectId, { title: 'Directions' });
    expect(action.title).toBe('Directions');
  });
});
