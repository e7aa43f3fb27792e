import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocatorApiError, V1Client } from '../src/index.ts';
import { seededAccount, startTestServer, type TestServer } from './support/locator.ts';

let server: TestServer;
let account: Awaited<ReturnType<typeof seededAccount>>;
let client: V1Client;

beforeAll(async () => {
  server = await startTestServer();
  account = await seededAccount(server);
  client = new V1Client({ baseUrl: server.url, token: account.legacyToken.token });
});
afterAll(async () => server.stop());

describe('V1Client against the real server', () => {
  it('creates, reads, updates, lists and deletes a location', async () => {
    const created = await client.createLocation({
      name: 'Legacy Store',
      city: 'Austin',
      lat: 30.27,
      lng: -97.74,
      location_type: 'Outlet',
    });
    expect(created).toMatchObject({
      name: 'Legacy Store',
      city: 'Austin',
      location_type: { name: 'Outlet' },
      buttons: [],
    });
    expect(created.id).toMatch(/^\d+$/);

    expect(await client.getLocation(created.id)).toEqual(created);

    const updated = await client.updateLocation(created.id, {
      name: 'Legacy Store',
      phone: '+1 512 555 0111',
      location_type: 'Outlet',
    });
    expect(updated).toMatchObject({ phone: '+1 512 555 0111', city: 'Austin', location_type: { name: 'Outlet' } });

    const page = await client.listLocations({ limit: 10 });
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 10, total: 1 });
    expect(page.data.map((location) => location.id)).toEqual([created.id]);

    await client.deleteLocation(Number(created.id));
    await expect(client.getLocation(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('surfaces validation errors with their fields', async () => {
    const error = await client.createLocation({ name: '', lat: 123 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocatorApiError);
    expect((error as LocatorApiError).status).toBe(422);
    expect(Object.keys((error as LocatorApiError).fieldErrors)).toEqual(expect.arrayContaining(['name', 'lat']));
  });

  it('refuses a V2 token with a typed 401', async () => {
    const wrongToken = new V1Client({ baseUrl: server.url, token: account.token.token });
    await expect(wrongToken.listLocations()).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/legacy/),
    });
  });
});
