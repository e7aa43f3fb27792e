// The README's pictures of the hosted store finder: `locator demo`'s fifty US stores in a server whose clock (and the
// browser's) says a Thursday noon in Texas, so the pictures do not change with the hour they are taken at; plain light
// map tiles from a local stand-in, Debian's Chromium, and no request leaving this machine.
//
//   node packages/widget/scripts/build.mjs
//   npx tsx packages/server/test/support/screenshots.ts [search text]
//
// writes docs/images/finder-desktop.png (1280 × 800) and docs/images/finder-phone.png (390 × 844 at 2×), and the
// same two of the page of the demo's first store in Austin: docs/images/store-page-desktop.png and -phone.png.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions } from 'playwright-core';
import { keepLocal, launchChromium } from './browser.ts';
import { runLocator } from './cli.ts';
import { startTestServer } from './server.ts';
import { startTileStub } from './tile-stub.ts';

const IMAGES = fileURLToPath(new URL('../../../../docs/images/', import.meta.url));
const QUERY = process.argv[2] ?? 'Austin, TX';
const NOW = new Date('2026-06-04T12:00:00-05:00');

// On a phone the map is below the list: the picture shows the results, nothing selected.
const SHOTS: { file: string; options: BrowserContextOptions; select: boolean }[] = [
  { file: 'finder-desktop.png', options: { viewport: { width: 1280, height: 800 } }, select: true },
  {
    file: 'finder-phone.png',
    options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    select: false,
  },
];

async function cli(args: string[], env: Record<string, string>): Promise<any> {
  const result = await runLocator([...args, '--json'], { env });
  if (result.code !== 0)
    throw new Error(`locator ${args.join(' ')} failed (${result.code}):\n${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}

async function main(): Promise<void> {
  const stub = await startTileStub();
  const server = await startTestServer({
    env: { GEOCODER: 'offline', MAP_TILE_URL: stub.tiles, MAP_TILE_ATTRIBUTION: 'Map tiles: a local stand-in' },
  });
  server.clock.now = NOW.getTime();
  // The demo as `npx locator demo` makes it, in the server's database.
  const env = { DATABASE_URL: server.services.config.databaseUrl };
  const demo = await cli(['demo'], env);
  const key: string = demo.publishable_key;
  const browser = await launchChromium();
  const outside: string[] = [];
  try {
    mkdirSync(IMAGES, { recursive: true });
    for (const shot of SHOTS) {
      const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago', ...shot.options });
      context.setDefaultTimeout(20_000);
      await keepLocal(context, outside);
      const page = await context.newPage();
      // From NOW on, time runs (a fixed time would stop Leaflet's animations, which measure time with Date).
      await page.clock.install({ time: NOW });
      // Austin, Dallas and Houston: a list and a map with something in them.
      await page.goto(`${server.url}/finder/${key}?lang=en&country=US&units=mi&radius=200`);
      await page.getByRole('textbox', { name: 'Address, postcode or city' }).fill(QUERY);
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      const first = page.getByRole('list', { name: 'Results' }).getByRole('listitem').first();
      await first.waitFor();
      if (shot.select) {
        await first.getByRole('button').first().click();
        await page.locator('.leaflet-popup-content').waitFor();
      }
      // Tiles drawn and the map's pan to the popup finished.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.screenshot({ path: IMAGES + shot.file });
      await context.close();
      console.log(`wrote docs/images/${shot.file}`);
    }
    const store = await server.database.db
      .selectFrom('locations')
      .select('slug')
      .where('city', '=', 'Austin')
      .orderBy('name')
      .executeTakeFirstOrThrow();
    for (const shot of SHOTS) {
      const file = shot.file.replace('finder-', 'store-page-');
      const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago', ...shot.options });
      context.setDefaultTimeout(20_000);
      await keepLocal(context, outside);
      const page = await context.newPage();
      await page.clock.install({ time: NOW });
      await page.goto(`${server.url}/finder/${key}/${store.slug}?lang=en`);
      await page.locator('locator-map .leaflet-container').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.screenshot({ path: IMAGES + file });
      await context.close();
      console.log(`wrote docs/images/${file}`);
    }
    if (outside.length > 0) throw new Error(`The pages asked for outside addresses (refused): ${outside.join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
    await stub.stop();
  }
}

await main();
