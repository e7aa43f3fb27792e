import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { runLocator } from '../support/cli.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase } from '../support/test-database.ts';

// The change feed of a project written to by everything that writes: V2 and V1 over HTTP to `locator serve`, and the
// `locator` command (geocoding, an import) in a process of its own, all on one database.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

it('lists V2, V1, CLI and import changes in commit order, each with its actor', async () => {
  const database = await createTestDatabase();
  cleanups.push(() => database.dispose());
  const handle = openDatabase(database.url);
  cleanups.push(() => handle.close());
  await migrateToLatest(handle);
  const account = await servicesOn(handle.db).accounts.createUser({ email: 'feed@example.com', name: 'Feed' });
  // No geocoder and no queue worker in the server: the location waits without coordinates for the CLI to geocode it.
  const server: ChildServer = await startChildServer({
    DATABASE_URL: database.url,
    GEOCODER: 'none',
    GEOCODING_WORKER: 'off',
  });
  cleanups.push(() => server.stop());
  const request = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const v2 = account.token.token;
  const v1 = account.legacyToken.token;
  const locations = `/api/v2/projects/${account.project.public_id}/locations`;

  const created = await request('POST', locations, v2, {
    name: 'Broadway',
    address_line_1: '100 Broadway',
    city: 'Nashville',
    state: 'TN',
    country: 'US',
  });
  expect(created.status).toBe(201);
  const v1Created = await request('POST', '/api/locations', v1, {
    name: 'From V1',
    city: 'Austin',
    lat: 30.27,
    lng: -97.74,
  });
  expect(v1Created.status).toBe(201);
  expect(
    (await request('PUT', `/api/locations/${v1Created.body.id}`, v1, { name: 'From V1', phone: '+1 512 555 0100' }))
      .status,
  ).toBe(200);
  const geocoded = await runLocator(['geocode', '--project', account.project.public_id, '--json'], {
    env: { DATABASE_URL: database.url, GEOCODER: 'offline' },
  });
  expect(geocoded.code, geocoded.stderr).toBe(0);
  expect((await request('DELETE', `${locations}/${created.body.data.id}`, v2)).status).toBe(200);
  // An import by the CLI: one row changes the V1 location (found by its V2 ID), one creates a location.
  const [fromV1] = (await request('GET', `${locations}?limit=1`, v2)).body.data as { id: string }[];
  const file = join(tmpdir(), `feed-import-${process.pid}.csv`);
  await writeFile(file, `id,name,city,phone\n${fromV1?.id},From V1,Austin,+1 512 555 0111\n,Imported,Nashville,\n`);
  const imported = await runLocator(['import', '--project', account.project.public_id, file, '--json'], {
    env: { DATABASE_URL: database.url, GEOCODER: 'none' },
  });
  expect(imported.code, imported.stderr).toBe(0);
  const report = JSON.parse(imported.stdout) as { id: string };
  expect(report).toMatchObject({ created: 1, updated: 1, failed: 0 });
  const importId = report.id;

  const feed = await request('GET', `/api/v2/projects/${account.project.public_id}/events`, v2);
  expect(feed.status).toBe(200);
  const broadway = created.body.data.id as string;
  expect(
    feed.body.data.map((event: { type: string; actor: { type: string; id: string }; location_id: string }) => [
      event.type,
      event.actor,
      event.location_id,
    ]),
  ).toEqual([
    ['location.created', { type: 'token', id: account.token.row.public_id }, broadway],
    [
      'location.created',
      { type: 'legacy_token', id: account.legacyToken.row.public_id },
      expect.stringMatching(/^loc_/),
    ],
    [
      'location.updated',
      { type: 'legacy_token', id: account.legacyToken.row.public_id },
      expect.stringMatching(/^loc_/),
    ],
    ['location.updated', { type: 'cli', id: 'geocode' }, broadway],
    ['location.deleted', { type: 'token', id: account.token.row.public_id }, broadway],
    ['location.updated', { type: 'import', id: importId }, fromV1?.id],
    ['location.created', { type: 'import', id: importId }, expect.stringMatching(/^loc_/)],
    ['import.completed', { type: 'import', id: importId }, null],
  ]);
  expect(feed.body.data[5].changes).toEqual({ phone: { old: '+1 512 555 0100', new: '+1 512 555 0111' } });
  expect(feed.body.data[7].data.import).toMatchObject({
    id: importId,
    status: 'done',
    report: { created: 1, updated: 1, unchanged: 0 },
    created_by: { type: 'cli', id: 'import' },
  });
  const cli = feed.body.data[3];
  expect(Object.keys(cli.changes)).toEqual(expect.arrayContaining(['lat', 'lng', 'geocoding']));
  expect(cli.changes.geocoding).toEqual({
    old: { status: 'pending', precision: null },
    new: { status: 'done', precision: expect.any(String) },
  });
  expect(feed.body.data[4].data.location).toMatchObject({ id: broadway, geocoding: { status: 'done' } });
  // A server and two commands each start a Node process: a busy machine takes its time.
}, 90_000);
