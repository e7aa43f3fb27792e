import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

import { refOfProject } from '../../src/domain/project-ref.ts';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { runLocator } from '../support/cli.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Two `locator serve` processes on one database, each with its own in-memory store-finder index: a write through
// either API shows in the very next search of the process that made it, and within a second in the other process
// (which answers the key's project and data version from memory for up to a second); so does one through the CLI.

const AUSTIN = { lat: 30.2711, lng: -97.7437 };

describe('the store finder on two server processes of one database', () => {
  let shared: TestDatabase | undefined;
  const servers: ChildServer[] = [];
  let projectId = '';
  let v2Token = '';
  let legacyToken = '';
  let key = '';

  beforeAll(async () => {
    shared = await createTestDatabase();
    const database = openDatabase(shared.url);
    try {
      await migrateToLatest(database);
      const created = await servicesOn(database.db).accounts.createUser({
        email: 'finder@example.com',
        name: 'Finder',
        plan: 'business',
      });
      projectId = created.project.public_id;
      v2Token = created.token.token;
      legacyToken = created.legacyToken.token;
      key = (
        await servicesOn(database.db).keys.create({
          owner: { project: refOfProject(created.project) },
          origins: [],
        })
      ).key;
    } finally {
      await database.close();
    }
    // No geocoder in the servers: a location created without coordinates waits until the CLI geocodes it.
    const env = { DATABASE_URL: shared.url, GEOCODER: 'none', GEOCODING_WORKER: 'off' };
    servers.push(await startChildServer(env), await startChildServer(env));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await shared?.dispose();
  });

  const serverAt = (n: number) => {
    const server = servers[n];
    if (!server) throw new Error(`no server ${n}`);
    return server.url;
  };

  async function send(
    n: number,
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; json: { data?: { id?: string } } }> {
    const response = await fetch(`${serverAt(n)}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as { data?: { id?: string } }) : {} };
  }

  async function namesFound(n: number, query = ''): Promise<string[]> {
    const response = await fetch(
      `${serverAt(n)}/api/public/v1/search?key=${key}&lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&fallback=0${query}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { name: string }[] };
    return body.data.map((location) => location.name).sort();
  }

  /** What process `n` finds once it has read the project again: within a second of the write, so within three. */
  async function namesFoundSoon(n: number, expected: string[]): Promise<string[]> {
    const until = performance.now() + 3_000;
    let found = await namesFound(n);
    while (JSON.stringify(found) !== JSON.stringify(expected) && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      found = await namesFound(n);
    }
    return found;
  }

  it('shows V2, V1 and CLI writes made through one process in the next search of the other', async () => {
    // Both processes build their index before any write, so what follows tests its refresh, not its first build.
    expect(await namesFound(0)).toEqual([]);
    expect(await namesFound(1)).toEqual([]);

    const created = await send(0, 'POST', `/api/v2/projects/${projectId}/locations`, v2Token, {
      name: 'Congress Ave',
      ...AUSTIN,
      city: 'Austin',
      country: 'US',
    });
    expect(created.status).toBe(201);
    expect(await namesFound(0)).toEqual(['Congress Ave']);
    expect(await namesFoundSoon(1, ['Congress Ave'])).toEqual(['Congress Ave']);

    const v1 = await send(1, 'POST', '/api/locations', legacyToken, {
      name: 'South Lamar',
      lat: AUSTIN.lat - 0.02,
      lng: AUSTIN.lng - 0.01,
    });
    expect(v1.status).toBe(201);
    expect(await namesFound(1)).toEqual(['Congress Ave', 'South Lamar']);
    expect(await namesFoundSoon(0, ['Congress Ave', 'South Lamar'])).toEqual(['Congress Ave', 'South Lamar']);

    const renamed = await send(
      1,
      'PATCH',
      `/api/v2/projects/${projectId}/locations/${created.json.data?.id}`,
      v2Token,
      { name: 'Congress Avenue' },
    );
    expect(renamed.status).toBe(200);
    expect(await namesFound(1)).toEqual(['Congress Avenue', 'South Lamar']);
    expect(await namesFoundSoon(0, ['Congress Avenue', 'South Lamar'])).toEqual(['Congress Avenue', 'South Lamar']);

    // Created without coordinates, so not searchable, until the CLI geocodes it in a process of its own.
    const unplaced = await send(0, 'POST', `/api/v2/projects/${projectId}/locations`, v2Token, {
      name: 'Downtown',
      address_line_1: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      country: 'US',
    });
    expect(unplaced.status).toBe(201);
    expect(await namesFound(0)).toEqual(['Congress Avenue', 'South Lamar']);
    const geocoded = await runLocator(['geocode', '--project', projectId, '--json'], {
      env: { DATABASE_URL: shared?.url ?? '', GEOCODER: 'offline' },
    });
    expect(geocoded.code, geocoded.stderr).toBe(0);
    const all = ['Congress Avenue', 'Downtown', 'South Lamar'];
    expect(await namesFoundSoon(1, all)).toEqual(all);

    const deleted = await send(
      1,
      'DELETE',
      `/api/v2/projects/${projectId}/locations/${created.json.data?.id}`,
      v2Token,
    );
    expect(deleted.status).toBe(200);
    expect(await namesFound(1)).toEqual(['Downtown', 'South Lamar']);
    expect(await namesFoundSoon(0, ['Downtown', 'South Lamar'])).toEqual(['Downtown', 'South Lamar']);
  }, 60_000);
});
