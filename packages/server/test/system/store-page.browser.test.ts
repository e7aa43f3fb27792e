import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { startTileStub, type TileStub } from '../support/tile-stub.ts';

// A store's page in Chromium: its layout on a desktop and on a phone, axe's verdict at both, its print version, and
// its map without JavaScript, with map tiles from a local stand-in and no request leaving 127.0.0.1.

const browser = useBrowser();
let stub: TileStub;
let server: TestServer;
let url = '';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

beforeAll(async () => {
  stub = await startTileStub();
  server = await startTestServer({ env: { MAP_TILE_URL: stub.tiles, MAP_TILE_ATTRIBUTION: 'Test tiles' } });
  // A Thursday, 3:00 PM in Austin.
  server.clock.now = Date.parse('2027-06-03T15:00:00-05:00');
  const account = await createAccount(server);
  await seedCatalog(server, account.project);
  const key = (
    await server.services.finder.keys.create({ owner: { project: refOfProject(account.project) }, origins: [] })
  ).key;
  const store = (name: string, lat: number, input: Record<string, unknown> = {}) =>
    createLocationDirectly(server.database.db, account.project, {
      name,
      address_line_1: '600 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
      time_zone: 'America/Chicago',
      lat,
      lng: -97.7426,
      ...input,
    });
  const congress = await store('Congress Avenue', 30.2686, {
    location_type: 'Store',
    phone: '+1 512 555 0199',
    email: 'congress@shop.example',
    hours: {
      mon: '09:00-21:00',
      tue: '09:00-21:00',
      wed: '09:00-21:00',
      thu: '09:00-21:00',
      fri: '09:00-21:00',
      sat: '10:00-18:00',
      sun: 'closed',
    },
    special_hours: [{ date: '2027-07-03', hours: '10:00-14:00', label: 'Independence Day' }],
    callsToAction: { 'Order online': 'https://shop.example/order' },
    fields: { Manager: 'Ada Lovelace' },
  });
  for (const [name, lat] of [
    ['Lamar', 30.2786],
    ['Hyde Park', 30.31],
    ['Round Rock', 30.352],
  ] as const)
    await store(name, lat);
  url = `${server.url}/finder/${key}/${congress.record.slug}`;
});

afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

async function open(options: typeof DESKTOP | typeof PHONE, query = ''): Promise<Page> {
  const { page } = await browser.newPage(options);
  const response = await page.goto(url + query);
  expect(response?.status()).toBe(200);
  // As a visitor reads it: the widget's map drawn, with its tiles.
  await page.locator('locator-map .leaflet-container').waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

const address = (page: Page) => page.getByRole('region', { name: 'Address' });
const map = (page: Page) => page.locator('locator-map');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** Every violation axe finds, whatever its impact, after `seriousAxeViolations` has put axe in the page. */
async function allAxeViolations(page: Page): Promise<string[]> {
  const serious = await seriousAxeViolations(page);
  const all = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string }[] }> } }
    ).axe;
    return (await axe.run(document)).violations.map((violation) => violation.id);
  });
  return [...serious.map((violation) => violation.id), ...all];
}

describe('a store page on a desktop', () => {
  it('shows the address and the map side by side, above the fold, under the status and the buttons', async () => {
    const page = await open(DESKTOP);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Congress Avenue');
    await expect(page.locator('.status').textContent()).resolves.toBe('Open now · closes 9:00 PM');
    const directions = await box(page.getByRole('link', { name: 'Directions' }));
    const call = await box(page.getByRole('link', { name: 'Call' }));
    expect(call.y).toBe(directions.y);
    const [where, place] = [await box(address(page)), await box(map(page))];
    expect(place.x).toBeGreaterThanOrEqual(where.x + where.width);
    expect(Math.abs(place.y - where.y)).toBeLessThan(2);
    expect(where.y).toBeGreaterThan(directions.y + directions.height);
    expect(place.y + place.height).toBeLessThanOrEqual(800);
    expect(await page.locator('tr.today th').textContent()).toBe('ThursdayToday');
    const nearby = page.getByRole('region', { name: 'Nearby stores' }).getByRole('link');
    expect(await nearby.allTextContents()).toEqual(['Lamar', 'Hyde Park', 'Round Rock']);
  });

  it('has no accessibility violation', async () => {
    const page = await open(DESKTOP);
    expect(await allAxeViolations(page)).toEqual([]);
  });
});

describe('a store page on a phone', () => {
  it('stacks the map under the address, both the full width, and never scrolls sideways', async () => {
    const page = await open(PHONE);
    const [where, place] = [await box(address(page)), await box(map(page))];
    expect(place.y).toBeGreaterThanOrEqual(where.y + where.height);
    expect(Math.abs(place.width - where.width)).toBeLessThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('has no accessibility violation, in English or in German (longer words)', async () => {
    expect(await allAxeViolations(await open(PHONE))).toEqual([]);
    const german = await open(PHONE, '?lang=de');
    await expect(german.locator('.status').textContent()).resolves.toBe('Jetzt geöffnet · schließt um 21:00');
    expect(await allAxeViolations(german)).toEqual([]);
    expect(await german.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('a store page printed', () => {
  it('prints the facts: no map, buttons, breadcrumbs or nearby stores', async () => {
    const page = await open(DESKTOP);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('table').isVisible()).resolves.toBe(true);
    await expect(address(page).isVisible()).resolves.toBe(true);
    for (const hidden of [
      map(page),
      page.getByRole('link', { name: 'Directions' }),
      page.getByRole('navigation', { name: 'Breadcrumbs' }),
      page.getByRole('region', { name: 'Nearby stores' }),
    ])
      await expect(hidden.isVisible()).resolves.toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await expect(map(page).isVisible()).resolves.toBe(true);
  });
});

describe('a store page without JavaScript', () => {
  it('draws its map from the tiles around the store, and keeps its buttons', async () => {
    const { page } = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const drawn = page.getByRole('img', { name: 'Map of the area around Congress Avenue' });
    await expect(drawn.isVisible()).resolves.toBe(true);
    const tiles = await drawn
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
    expect(tiles).toHaveLength(15);
    expect(tiles.every((width) => width > 0)).toBe(true);
    const place = await box(drawn);
    const pin = await box(drawn.locator('.pin'));
    expect(Math.abs(pin.x + pin.width / 2 - (place.x + place.width / 2))).toBeLessThan(20);
    await expect(page.getByRole('link', { name: 'Call' }).getAttribute('href')).resolves.toBe('tel:+15125550199');
  });
});
