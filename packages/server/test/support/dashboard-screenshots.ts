// The README's pictures of the dashboard: `locator demo`'s fifty US stores in a server whose clock (and the
// browser's) says a Thursday noon in Texas, the demo's owner signed in, map tiles from a local stand-in, Debian's
// Chromium, and no request leaving this machine.
//
//   npx tsx packages/server/test/support/dashboard-screenshots.ts
//
// builds the dashboard from its sources and writes docs/images/dashboard-*.png: each main screen at 1280 × 800, and
// the stores at 390 × 844 (2×).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { keepLocal, launchChromium } from './browser.ts';
import { runLocator } from './cli.ts';
import { buildDashboard } from './dashboard-build.ts';
import { signInAs, startTestServer } from './server.ts';
import { startTileStub } from './tile-stub.ts';

const IMAGES = fileURLToPath(new URL('../../../../docs/images/', import.meta.url));
const NOW = new Date('2026-06-04T12:00:00-05:00');
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Each picture: its file, the screen's address under the project, the window, and what shows it is drawn. */
interface Shot {
  file: string;
  path: (projectId: string, locationId: string) => string;
  options: BrowserContextOptions;
  ready: (page: Page) => Promise<unknown>;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).waitFor();
const SHOTS: Shot[] = [
  {
    file: 'dashboard-stores.png',
    path: (p) => p,
    options: DESKTOP,
    ready: (page) => page.getByRole('table').waitFor(),
  },
  {
    file: 'dashboard-stores-phone.png',
    path: (p) => p,
    options: PHONE,
    ready: (page) => page.getByRole('table').waitFor(),
  },
  {
    file: 'dashboard-store.png',
    path: (p, l) => `${p}/stores/${l}`,
    options: DESKTOP,
    // The map with its pin, the contact details and the hours below it.
    ready: async (page) => {
      await page.locator('.leaflet-container').waitFor();
      await page.locator('.leaflet-container').evaluate((map) => map.scrollIntoView({ block: 'start' }));
    },
  },
  { file: 'dashboard-settings.png', path: (p) => `${p}/settings`, options: DESKTOP, ready: heading },
  {
    file: 'dashboard-website.png',
    path: (p) => `${p}/website`,
    options: DESKTOP,
    // The designer and the live preview of the store finder beside it.
    ready: async (page) => {
      const designer = page.getByRole('heading', { name: 'Store finder design' });
      await designer.waitFor();
      await designer.evaluate((title) => title.scrollIntoView({ block: 'start' }));
      await page.locator('locator-finder').waitFor();
    },
  },
  { file: 'dashboard-imports.png', path: (p) => `${p}/imports`, options: DESKTOP, ready: heading },
  { file: 'dashboard-activity.png', path: (p) => `${p}/activity`, options: DESKTOP, ready: heading },
  { file: 'dashboard-insights.png', path: (p) => `${p}/insights`, options: DESKTOP, ready: heading },
];

async function cli(args: string[], env: Record<string, string>): Promise<any> {
  const result = await runLocator([...args, '--json'], { env });
  if (result.code !== 0)
    throw new Error(`locator ${args.join(' ')} failed (${result.code}):\n${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}

/** Visitors' searches for the Insights picture: near the demo's stores, and from two cities it does not serve. */
async function searchAsVisitors(origin: string, key: string): Promise<void> {
  const places = [
    { lat: 30.27, lng: -97.74, times: 14 },
    { lat: 41.88, lng: -87.63, times: 9 },
    { lat: 43.61, lng: -116.2, times: 7 },
    { lat: 46.87, lng: -96.79, times: 5 },
  ];
  for (const place of places)
    for (let n = 0; n < place.times; n += 1) {
      const query = new URLSearchParams({ key, lat: String(place.lat), lng: String(place.lng), limit: String(n + 1) });
      const answer = await fetch(`${origin}/api/public/v1/search?${query}`);
      if (!answer.ok) throw new Error(`a search answered ${answer.status}: ${await answer.text()}`);
    }
}

async function main(): Promise<void> {
  const stub = await startTileStub();
  const server = await startTestServer({
    env: {
      GEOCODER: 'offline',
      MAP_TILE_URL: stub.tiles,
      MAP_TILE_ATTRIBUTION: 'Map tiles: a local stand-in',
      DASHBOARD_DIR: await buildDashboard(),
    },
  });
  server.clock.now = NOW.getTime();
  const env = { DATABASE_URL: server.services.config.databaseUrl };
  const demo = await cli(['demo'], env);
  await searchAsVisitors(server.url, demo.publishable_key);
  await server.services.analytics.flush();
  const { db } = server.database;
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'demo@locator.example')
    .executeTakeFirstOrThrow();
  const project = await db.selectFrom('projects').select('public_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const store = await db
    .selectFrom('locations')
    .select('public_id')
    .where('city', '=', 'Austin')
    .orderBy('name')
    .executeTakeFirstOrThrow();
  const session = await signInAs(server, owner.id);
  const browser = await launchChromium();
  const outside: string[] = [];
  try {
    mkdirSync(IMAGES, { recursive: true });
    for (const shot of SHOTS) {
      const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago', ...shot.options });
      context.setDefaultTimeout(20_000);
      await keepLocal(context, outside);
      await context.addCookies([{ name: 'locator_session', value: session.value, url: server.url }]);
      const page = await context.newPage();
      await page.clock.install({ time: NOW });
      await page.goto(`${server.url}/dashboard/projects/${project.public_id}${shot.path('', store.public_id)}`);
      await shot.ready(page);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.screenshot({ path: IMAGES + shot.file });
      await context.close();
      console.log(`wrote docs/images/${shot.file}`);
    }
    if (outside.length > 0) throw new Error(`The pages asked for outside addresses (refused): ${outside.join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
    await stub.stop();
  }
}

await main();
