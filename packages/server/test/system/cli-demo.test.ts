import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { runLocator } from '../support/cli.ts';
import { freePort } from '../support/ports.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let databaseUrl: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  databaseUrl = database.url;
});
afterAll(async () => {
  await server?.stop();
  await database.dispose();
});

it('seeds a demo whose token works for the README examples, and hands out fresh tokens when run again', async () => {
  const demo = async () => {
    const result = await runLocator(['demo', '--json'], { env: { DATABASE_URL: databaseUrl } });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };
  const first = await demo();
  expect(first).toMatchObject({
    token: expect.stringMatching(/^lct2_/),
    legacy_token: expect.stringMatching(/^lct1_/),
  });
  expect(first.finder_url).toMatch(new RegExp(`^${first.base_url}/finder/lpk_[A-Za-z0-9]+$`));

  server = await startServer(
    loadConfig({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
    { handleSignals: false },
  );
  const get = async (path: string, token = first.token) => {
    const response = await fetch(`${server?.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  };
  const projects = await get('/api/v2/projects');
  expect(projects.body.data).toEqual([
    expect.objectContaining({ id: first.project.id, plan: 'business', locations_count: 50 }),
  ]);
  const austin = await get(`/api/v2/projects/${first.project.id}/locations?limit=5&city=Austin&includeHours=1`);
  expect(austin.status).toBe(200);
  expect(austin.body.data.length).toBeGreaterThan(0);
  expect(austin.body.data[0]).toHaveProperty('hours');
  const all = await get(
    `/api/v2/projects/${first.project.id}/locations?limit=100&includeFilters=1&includeFields=1&includeCallsToAction=1`,
  );
  expect(all.body.meta.total).toBe(50);
  expect(new Set(all.body.data.map((l: { location_type: string }) => l.location_type))).toEqual(
    new Set(['Store', 'Outlet', 'Pickup point']),
  );
  expect(
    all.body.data.every(
      (l: { fields: unknown[]; callsToAction: unknown[] }) => l.fields.length === 2 && l.callsToAction.length > 0,
    ),
  ).toBe(true);
  // Every demo phone number reads as one, so every store's phone becomes a link.
  expect(all.body.data.filter((l: { phone_valid: boolean }) => l.phone_valid !== true)).toEqual([]);

  // The hosted finder of the demo answers with a page titled with the display name the demo gives its project.
  const finder = await fetch(`${server?.url}${new URL(first.finder_url).pathname}`);
  expect(finder.status).toBe(200);
  expect(finder.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await finder.text();
  expect(page).toContain('<title>Demo Shop – Store finder</title>');
  expect(page).toContain(`<locator-finder key="${new URL(first.finder_url).pathname.split('/').pop()}"`);

  const second = await demo();
  expect(second.project.id).toBe(first.project.id);
  // A second run reuses the demo's key rather than piling up new ones.
  expect(second.finder_url).toBe(first.finder_url);
  expect(second.token).not.toBe(first.token);
  expect((await get('/api/v2/user', second.token)).status).toBe(200);
  expect((await get(`/api/v2/projects/${first.project.id}/locations?limit=1`, second.token)).body.meta.total).toBe(50);
});

it('prints the exports of the tokens and the project, asks to start the server when none answers, and ends with the store finder URL, after the curl examples', async () => {
  const port = String(await freePort());
  const result = await runLocator(['demo'], { env: { DATABASE_URL: databaseUrl, PORT: port } });
  expect(result.code, result.stderr).toBe(0);
  const json = await runLocator(['demo', '--json'], { env: { DATABASE_URL: databaseUrl, PORT: port } });
  const project = JSON.parse(json.stdout).project.id;
  const lines = result.stdout.trimEnd().split('\n');
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^ {2}export TOKEN=lct2_\S+$/),
      expect.stringMatching(/^ {2}export LEGACY_TOKEN=lct1_\S+$/),
      `  export PROJECT=${project}`,
      `Start the server (PORT=${port} npm start) and try:`,
    ]),
  );
  expect(lines.at(-1)).toMatch(new RegExp(`^Store finder: http://localhost:${port}/finder/lpk_[A-Za-z0-9]+$`));
  expect(lines.findIndex((line) => line.includes('curl'))).toBeLessThan(lines.length - 1);
});

it('does not ask to start the server when one answers at the configured address', async () => {
  const port = new URL(server?.url ?? '').port;
  const result = await runLocator(['demo'], { env: { DATABASE_URL: databaseUrl, PORT: port } });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).not.toMatch(/start the server/i);
  expect(result.stdout).toContain(`The server answers at http://localhost:${port}; try:`);
});
