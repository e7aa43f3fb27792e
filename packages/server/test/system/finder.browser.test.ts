import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { haversineKm } from '../support/haversine.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { HOSTILE_CSS, hostPageHtml, startTileStub, type TileStub } from '../support/tile-stub.ts';

// The store finder in a real browser: the hosted finder page with the <locator-finder> widget, the widget on a
// customer's page of another origin, and the no-JS location pages, all against a real server and database, map tiles
// from a local stand-in, and no request leaving 127.0.0.1. The widget is found by role and accessible name as its
// README's contract names them (packages/widget/README.md); Playwright's locators reach into its open shadow root.

const browser = useBrowser();
let stub: TileStub;
let server: TestServer;
let key = '';
let projectRef: ReturnType<typeof refOfProject>;
let origin = { lat: 0, lng: 0 };
const slugs: Record<string, string> = {};

const POSTCODE = '78701';
const SEARCH_BOX = 'Address, postcode or city';
const ALL_WEEK = (hours: string) => ({
  mon: hours,
  tue: hours,
  wed: hours,
  thu: hours,
  fri: hours,
  sat: hours,
  sun: hours,
});
// Open at every instant or at none, so that "open now" answers the same whenever the tests run.
const OPEN = ALL_WEEK('00:00-24:00');
const CLOSED = ALL_WEEK('closed');

interface Seed {
  name: string;
  /** Offsets from the centre of ZIP code 78701 (Austin), in degrees. */
  north: number;
  east: number;
  type: 'Store' | 'Outlet';
  filters: string[];
  open: boolean;
}

// Seven stores around downtown Austin within 50 km of the postcode, at distances far enough apart that their order
// does not hang on rounding.
const SEEDS: Seed[] = [
  { name: 'Congress Avenue', north: 0.009, east: 0, type: 'Store', filters: ['Parking'], open: true },
  { name: 'Lamar Boulevard', north: 0, east: -0.02, type: 'Outlet', filters: ['Accessible'], open: false },
  {
    name: 'East Cesar Chavez',
    north: -0.01,
    east: 0.02,
    type: 'Store',
    filters: ['Parking', 'Accessible'],
    open: true,
  },
  { name: 'Hyde Park', north: 0.04, east: 0, type: 'Store', filters: [], open: false },
  { name: 'Zilker', north: -0.05, east: -0.03, type: 'Outlet', filters: ['Parking'], open: true },
  { name: 'Mueller', north: 0.06, east: 0.05, type: 'Store', filters: ['Accessible'], open: true },
  { name: 'Round Rock', north: 0.24, east: 0, type: 'Store', filters: ['Parking'], open: false },
];
// Far outside the radius: never a result here, but its page shows weekday hours.
const DALLAS = {
  name: 'Dallas Uptown',
  lat: 32.7878,
  lng: -96.7995,
  hours: {
    mon: '09:00-17:00',
    tue: '09:00-17:00',
    wed: '09:00-17:00',
    thu: '09:00-17:00',
    fri: '09:00-17:00',
    sat: 'closed',
    sun: 'closed',
  },
};

beforeAll(async () => {
  stub = await startTileStub();
  server = await startTestServer({
    env: { MAP_TILE_URL: stub.tiles, MAP_TILE_ATTRIBUTION: 'Test tiles', GEOCODER: 'offline' },
  });
  const account = await createAccount(server);
  await seedCatalog(server, account.project);
  projectRef = refOfProject(account.project);
  key = (
    await server.services.finder.keys.create({
      owner: { project: refOfProject(account.project) },
      origins: [],
    })
  ).key;
  // Where the server's geocoder puts the postcode: the distances are measured from there.
  const answer = await call(
    server,
    'GET',
    `/api/public/v1/search?${new URLSearchParams({ key, q: POSTCODE, country: 'US', limit: '1' })}`,
  );
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.meta.origin, 'the offline geocoder knows the postcode').not.toBeNull();
  origin = { lat: answer.body.meta.origin.lat, lng: answer.body.meta.origin.lng };
  for (const [index, seed] of SEEDS.entries()) {
    const view = await createLocationDirectly(server.database.db, account.project, {
      name: seed.name,
      address_line_1: `${100 + index} Congress Ave`,
      city: 'Austin',
      state: 'TX',
      postcode: POSTCODE,
      country: 'US',
      phone: `+1 512 555 01${String(index).padStart(2, '0')}`,
      lat: origin.lat + seed.north,
      lng: origin.lng + seed.east,
      location_type: seed.type,
      filters: seed.filters,
      hours: seed.open ? OPEN : CLOSED,
    });
    slugs[seed.name] = view.record.slug;
  }
  const dallas = await createLocationDirectly(server.database.db, account.project, {
    ...DALLAS,
    city: 'Dallas',
    state: 'TX',
    postcode: '75201',
    country: 'US',
    location_type: 'Store',
  });
  slugs[DALLAS.name] = dallas.record.slug;
});

afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

afterEach(() => {
  // Tiles come from the stand-in, the widget's code and data from the server: nothing else is asked for.
  expect(browser.outsideRequests, 'requests that tried to leave 127.0.0.1').toEqual([]);
});

const kmOf = (seed: Seed) => haversineKm(origin, { lat: origin.lat + seed.north, lng: origin.lng + seed.east });

/** The names of the seeds that pass `keep`, nearest to the postcode first. */
function expectedNames(keep: (seed: Seed) => boolean = () => true): string[] {
  return SEEDS.filter(keep)
    .sort((a, b) => kmOf(a) - kmOf(b))
    .map((seed) => seed.name);
}

const finderUrl = (params: Record<string, string> = {}) =>
  `${server.url}/finder/${key}?${new URLSearchParams({ lang: 'en', units: 'km', country: 'US', ...params })}`;

async function openFinder(
  params: Record<string, string> = {},
  { watch }: { watch?: (page: Page) => void } = {},
): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await browser.newPage();
  watch?.(page);
  const response = await page.goto(finderUrl(params));
  expect(response?.status()).toBe(200);
  await searchBox(page).waitFor();
  return { page, errors };
}

/** The search field: a text box (role `textbox`), as the README says. */
const searchBox = (page: Page) => page.getByRole('textbox', { name: SEARCH_BOX });

const resultItems = (page: Page) => page.getByRole('list', { name: 'Results' }).getByRole('listitem');

/** The names of the results shown, in their order: each result's name is its first button. */
async function resultNames(page: Page): Promise<string[]> {
  const items = resultItems(page);
  const names: string[] = [];
  for (let index = 0; index < (await items.count()); index += 1)
    names.push((await items.nth(index).getByRole('button').first().innerText()).trim());
  return names;
}

/** Waits until the results are these names, in this order. */
async function expectResults(page: Page, names: string[], errors: string[] = []): Promise<void> {
  await expect
    .poll(() => resultNames(page), {
      timeout: 10_000,
      message: `results (page errors: ${errors.join(' | ') || 'none'})`,
    })
    .toEqual(names);
}

async function search(page: Page, query: string): Promise<void> {
  await searchBox(page).fill(query);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}

/** The widget's live region (the hosted page may have regions of its own). */
const statusOf = (page: Page) => page.locator('locator-finder').getByRole('status');

/** Whether the element focused, through every open shadow root, is `target`. */
const isFocused = (target: Locator) =>
  target.evaluate((element) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });

const focusedElement = (page: Page) =>
  page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active
      ? `${active.tagName.toLowerCase()} "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}"`
      : 'nothing';
  });

/** Presses Tab until `target` has the focus; how many presses it took. */
async function tabTo(page: Page, target: Locator, most = 40): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return presses;
  }
  throw new Error(`${most} presses of Tab did not reach the element; the focus is on ${await focusedElement(page)}`);
}

/** A distance as the widget writes it (`1.2 km`, `850 m`), in km, with the rounding its digits allow. */
function distanceIn(text: string): { km: number; tolerance: number } | undefined {
  const match = /(\d+(?:[.,]\d+)?)\s?(km|m)\b/.exec(text);
  if (!match) return undefined;
  const digits = (match[1] as string).replace(',', '.');
  const decimals = digits.split('.')[1]?.length ?? 0;
  const scale = match[2] === 'm' ? 0.001 : 1;
  return { km: Number(digits) * scale, tolerance: (0.5 * 10 ** -decimals + 0.001) * scale };
}

describe('the hosted finder', () => {
  it('finds the stores near a postcode in distance order, each with its distance and a link to its page', async () => {
    const { page, errors } = await openFinder();
    await search(page, POSTCODE);
    const names = expectedNames();
    await expectResults(page, names, errors);
    await expect.poll(() => statusOf(page).innerText()).toMatch(new RegExp(`\\b${names.length} locations found`));
    for (const [index, name] of names.entries()) {
      const item = resultItems(page).nth(index);
      const text = await item.innerText();
      const distance = distanceIn(text);
      const km = kmOf(SEEDS.find((seed) => seed.name === name) as Seed);
      expect(distance, `distance text of ${name} in "${text}"`).toBeDefined();
      expect(
        Math.abs((distance?.km ?? Infinity) - km),
        `${name} is ${km.toFixed(3)} km away; its text: ${JSON.stringify(text)}`,
      ).toBeLessThanOrEqual(distance?.tolerance ?? 0);
      // The hosted finder sets `details`: each result links to its location page.
      const paths = await item
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(paths, `the links of ${name}`).toContain(`/finder/${key}/${slugs[name]}`);
    }
  });

  it('shows every store on the map before a search, those close together in clusters that count them', async () => {
    const { page } = await openFinder();
    const clusters = page.locator('.locator-cluster');
    const shown = async () => {
      const counts = (await clusters.allInnerTexts()).map((text) => Number(text.trim()));
      return {
        clusters: counts.length,
        stores: counts.reduce((sum, count) => sum + count, 0) + (await page.locator('.locator-pin').count()),
      };
    };
    // The seven stores around Austin are a few kilometres apart on a map that also shows Dallas: some share a cluster.
    await expect.poll(shown).toEqual({ clusters: expect.any(Number), stores: SEEDS.length + 1 });
    expect((await shown()).clusters).toBeGreaterThan(0);
    expect(await clusters.first().getAttribute('title')).toMatch(/^\d+ locations$/);
  });

  it('narrows the results to a filter chip, pressed, and to the type picked', async () => {
    const { page, errors } = await openFinder();
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    const parking = page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Parking' });
    expect(await parking.getAttribute('aria-pressed')).toBe('false');
    await parking.click();
    expect(await parking.getAttribute('aria-pressed')).toBe('true');
    await expectResults(
      page,
      expectedNames((seed) => seed.filters.includes('Parking')),
      errors,
    );
    await page.getByRole('combobox', { name: 'Location type' }).selectOption({ label: 'Outlet' });
    await expectResults(
      page,
      expectedNames((seed) => seed.filters.includes('Parking') && seed.type === 'Outlet'),
      errors,
    );
    await parking.click();
    expect(await parking.getAttribute('aria-pressed')).toBe('false');
    await expectResults(
      page,
      expectedNames((seed) => seed.type === 'Outlet'),
      errors,
    );
  });

  it('starts with the filters of its `filters` parameter selected', async () => {
    const { page, errors } = await openFinder({ filters: 'Accessible' });
    expect(
      await page
        .getByRole('group', { name: 'Filters' })
        .getByRole('button', { name: 'Accessible' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await search(page, POSTCODE);
    await expectResults(
      page,
      expectedNames((seed) => seed.filters.includes('Accessible')),
      errors,
    );
  });

  it('narrows the results to the stores open now', async () => {
    const { page, errors } = await openFinder();
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    const openNow = page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Open now' });
    await openNow.click();
    expect(await openNow.getAttribute('aria-pressed')).toBe('true');
    const open = expectedNames((seed) => seed.open);
    await expectResults(page, open, errors);
    for (const [index] of open.entries()) expect(await resultItems(page).nth(index).innerText()).toMatch(/\bOpen\b/);
  });

  it('is usable with the keyboard alone: search, then select a result, which the map names', async () => {
    const { page, errors } = await openFinder();
    const box = searchBox(page);
    await tabTo(page, box, 10);
    await page.keyboard.type(POSTCODE);
    await page.keyboard.press('Enter');
    const names = expectedNames();
    await expectResults(page, names, errors);
    const first = resultItems(page).first();
    await tabTo(page, first.getByRole('button').first());
    await page.keyboard.press('Enter');
    await expect.poll(() => first.getAttribute('aria-current')).toBe('true');
    // The others are not current.
    expect(await resultItems(page).nth(1).getAttribute('aria-current')).not.toBe('true');
    await expect
      .poll(() => page.locator('.leaflet-popup-content').innerText(), { timeout: 10_000 })
      .toContain(names[0]);
  });

  it('asks for no tile before the visitor presses "Show map" with consent=click, and for tiles after', async () => {
    // This page's own requests: a page of an earlier test may still be fetching tiles from the same stand-in.
    const asked: URL[] = [];
    const { page, errors } = await openFinder(
      { consent: 'click' },
      { watch: (page) => page.on('request', (request) => asked.push(new URL(request.url()))) },
    );
    const tileOrigin = new URL(stub.tiles.replace(/\{[xyz]\}/g, '0')).origin;
    const tilesAsked = () => asked.filter((url) => url.origin === tileOrigin && url.pathname.endsWith('.png')).length;
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    const showMap = page.getByRole('region', { name: 'Map' }).getByRole('button', { name: 'Show map' });
    await showMap.waitFor();
    // Where the tiles would come from is told before the visitor agrees.
    expect(await page.getByRole('region', { name: 'Map' }).innerText()).toContain('127.0.0.1');
    expect(tilesAsked(), 'tile requests before "Show map"').toBe(0);
    expect(
      asked.filter((url) => url.pathname.endsWith('/widget/v1/map.js')),
      'the map code before "Show map"',
    ).toEqual([]);
    await showMap.click();
    await expect.poll(tilesAsked, { timeout: 10_000, message: 'tile requests after "Show map"' }).toBeGreaterThan(0);
    await page.locator('.leaflet-container').first().waitFor();
  });

  it('has no serious or critical accessibility violation after a search, with the map shown', async () => {
    const { page, errors } = await openFinder();
    const tilesBefore = stub.tileRequests().length;
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    await page.locator('.leaflet-container').first().waitFor();
    await expect.poll(() => stub.tileRequests().length - tilesBefore, { timeout: 10_000 }).toBeGreaterThan(0);
    await resultItems(page).first().getByRole('button').first().click();
    await page.locator('.leaflet-popup-content').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('what the host page hears and the visitor reads', () => {
  interface Heard {
    type: string;
    detail: {
      query?: string | null;
      count?: number;
      fallback?: boolean;
      id?: string;
      name?: string;
      location?: { id: string } | null;
    };
  }

  /** The hosted finder with a listener on its document for the widget's events, which bubble out of its shadow root. */
  async function openListening(params: Record<string, string> = {}) {
    const { page, errors } = await browser.newPage();
    await page.addInitScript(() => {
      const heard: unknown[] = [];
      Object.assign(window, { heard });
      for (const type of ['locator:search', 'locator:select'])
        document.addEventListener(type, (event) => heard.push({ type, detail: (event as CustomEvent).detail }));
    });
    await page.goto(finderUrl(params));
    await searchBox(page).waitFor();
    const heard = () =>
      page.evaluate(() =>
        (window as unknown as { heard: Heard[] }).heard.map(({ type, detail }) => ({ type, detail })),
      );
    return { page, errors, heard };
  }

  it('tells the page of every search and selection, with what was found and chosen', async () => {
    const { page, errors, heard } = await openListening();
    await search(page, POSTCODE);
    const names = expectedNames();
    await expectResults(page, names, errors);
    await expect
      .poll(async () => (await heard()).filter((event) => event.type === 'locator:search').map((event) => event.detail))
      .toEqual([expect.objectContaining({ query: POSTCODE, count: names.length, fallback: false })]);
    await resultItems(page).nth(1).getByRole('button').first().click();
    const selected = (await heard()).filter((event) => event.type === 'locator:select');
    expect(selected.map((event) => event.detail.name)).toEqual([names[1]]);
    expect(selected[0]?.detail.location?.id).toBe(selected[0]?.detail.id);
  });

  it('selects in the list the store of a pin the visitor clicks', async () => {
    const { page, errors, heard } = await openListening();
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    // Stores near each other cluster at this zoom; a store on its own is a pin named by its title.
    const pin = page.locator('.locator-pin[title]').first();
    await pin.waitFor();
    const name = (await pin.getAttribute('title')) ?? '';
    expect(expectedNames()).toContain(name);
    const item = resultItems(page).filter({ has: page.getByRole('button', { name, exact: true }) });
    // The map may still be settling on the results (each move draws its pins anew), as a visitor would wait for it.
    await expect
      .poll(async () => {
        await page.locator(`.locator-pin[title="${name}"]`).click();
        return item.getAttribute('aria-current');
      })
      .toBe('true');
    expect(
      (await heard()).filter((event) => event.type === 'locator:select').map((event) => event.detail.name),
    ).toContain(name);
  });

  it('says when nothing is within the radius, and shows the nearest instead', async () => {
    const { page, errors } = await openFinder({ radius: '50' });
    // Seattle is thousands of kilometres from every store; Dallas is the nearest of them.
    await search(page, '98101');
    await expect
      .poll(() => statusOf(page).innerText(), { message: `status (page errors: ${errors.join(' | ') || 'none'})` })
      .toMatch(/^No locations within 50 km of .+\. These are the nearest\.$/);
    expect((await resultNames(page))[0]).toBe(DALLAS.name);
  });

  it('speaks the language of its lang parameter, with distances and counts as that language writes them', async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(finderUrl({ lang: 'de' }));
    const box = page.getByRole('textbox', { name: 'Adresse, PLZ oder Ort' });
    await box.fill(POSTCODE);
    await page.getByRole('search').getByRole('button', { name: 'Suchen' }).click();
    const names = expectedNames();
    await expect
      .poll(() => statusOf(page).innerText(), { message: `status (page errors: ${errors.join(' | ') || 'none'})` })
      .toBe(`${names.length} Standorte gefunden`);
    // German writes a decimal comma: "1,9 km".
    const list = await page.getByRole('list', { name: 'Ergebnisse' }).innerText();
    expect(list).toMatch(/\b\d,\d\s?km\b/);
    expect(list).not.toMatch(/\b\d\.\d\s?km\b/);
    expect(
      await page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: 'Jetzt geöffnet' }).count(),
    ).toBe(1);
  });

  it("searches around the visitor's own position when they share it", async () => {
    // Standing at Mueller: it is the nearest store, then the others by their distance from there.
    const mueller = SEEDS.find((seed) => seed.name === 'Mueller') as Seed;
    const here = { lat: origin.lat + mueller.north, lng: origin.lng + mueller.east };
    const { page, errors } = await browser.newPage({
      geolocation: { latitude: here.lat, longitude: here.lng },
      permissions: ['geolocation'],
    });
    await page.goto(finderUrl());
    await page.getByRole('search').getByRole('button', { name: 'Use my location' }).click();
    const fromHere = (seed: Seed) => haversineKm(here, { lat: origin.lat + seed.north, lng: origin.lng + seed.east });
    await expectResults(
      page,
      [...SEEDS].sort((a, b) => fromHere(a) - fromHere(b)).map((seed) => seed.name),
      errors,
    );
  });

  it('searches the area the visitor moved the map to', async () => {
    const { page, errors, heard } = await openListening();
    // Only the boxes asked for once the visitor presses "Search this area": the list of the map's first view asks for
    // one too, as the page opens (late, on a loaded machine).
    const boxes: number[][] = [];
    let pressed = false;
    page.on('request', (request) => {
      const bbox = new URL(request.url()).searchParams.get('bbox');
      if (bbox && pressed) boxes.push(bbox.split(',').map(Number));
    });
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    const area = page.getByRole('region', { name: 'Map' }).getByRole('button', { name: 'Search this area' });
    expect(await area.isVisible(), 'before the visitor moves the map').toBe(false);
    // A turn of the wheel over the map zooms it: the visitor's own move. The wheel turns over a store once the map has
    // settled on the results, as a zoom keeps the point under the pointer in place: over the map's middle it could
    // zoom to where no store is (it did, on a loaded machine).
    await page.locator('.locator-pin[title]').first().waitFor();
    // By its store's name: each move of the map draws its pins anew, so "the first pin" may be another one later.
    const hovered = (await page.locator('.locator-pin[title]').first().getAttribute('title')) ?? '';
    const pin = page.locator(`.locator-pin[title="${hovered}"]`);
    let box = await pin.boundingBox();
    await expect
      .poll(async () => {
        const before = JSON.stringify(box);
        box = await pin.boundingBox();
        return box !== null && JSON.stringify(box) === before;
      })
      .toBe(true);
    // The pin's tip, where its store is (the widget anchors a 28 × 34 pin at 14, 32): the point a zoom keeps in place.
    await pin.hover({ position: { x: 14, y: 32 } });
    await page.mouse.wheel(0, -400);
    pressed = true;
    await area.click();
    await expect.poll(async () => (await heard()).filter((event) => event.type === 'locator:search').length).toBe(2);
    const [, areaSearch] = (await heard()).filter((event) => event.type === 'locator:search');
    expect(areaSearch?.detail.query, 'an area search has no typed text').toBeNull();
    // The search asked for the box the map shows, and lists exactly the stores inside it.
    expect(boxes).toHaveLength(1);
    const [west = 0, south = 0, east = 0, north = 0] = boxes[0] ?? [];
    const inside = SEEDS.filter((seed) => {
      const lat = origin.lat + seed.north;
      const lng = origin.lng + seed.east;
      return lat >= south && lat <= north && lng >= west && lng <= east;
    }).map((seed) => seed.name);
    expect(inside.length, 'the zoomed map still shows some stores').toBeGreaterThan(0);
    expect(inside, 'the store under the pointer stays in view').toContain(hovered);
    await expect.poll(async () => (await resultNames(page)).sort()).toEqual([...inside].sort());
  });

  it('says so, visibly and to screen readers, when its key is refused', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/finder/${key}?lang=en`);
    await searchBox(page).waitFor();
    // The same widget with a key that does not exist, on the finder's own origin.
    await page.evaluate(() => document.querySelector('locator-finder')?.setAttribute('key', 'lpk_doesnotexist'));
    await expect.poll(() => page.locator('locator-finder').getByRole('alert').innerText()).toMatch(/key was refused/);
  });

  it("measures in miles where the visitor's region does, with units=auto", async () => {
    const { page, errors } = await openFinder({ units: 'auto', lang: 'en-GB' });
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    expect(await resultItems(page).first().innerText()).toMatch(/\b\d+(\.\d)?\s?mi\b/);
    const german = await browser.newPage();
    await german.page.goto(finderUrl({ units: 'auto', lang: 'de-DE' }));
    await german.page.getByRole('textbox', { name: 'Adresse, PLZ oder Ort' }).fill(POSTCODE);
    await german.page.getByRole('search').getByRole('button', { name: 'Suchen' }).click();
    await expect
      .poll(() => german.page.getByRole('list', { name: 'Ergebnisse' }).innerText())
      .toMatch(/\b\d+(,\d)?\s?km\b/);
  });

  it('shows that it is searching while the answer is on its way', async () => {
    const { page, context, errors } = await browser.newPage();
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    // The search's answer waits until the test has seen the widget waiting for it.
    await context.route('**/api/public/v1/search?**', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(finderUrl());
    await search(page, POSTCODE);
    await expect.poll(() => statusOf(page).innerText()).toBe('Searching…');
    expect(await page.getByRole('list', { name: 'Results' }).getAttribute('aria-busy')).toBe('true');
    release();
    await expectResults(page, expectedNames(), errors);
    expect(await page.getByRole('list', { name: 'Results' }).getAttribute('aria-busy')).not.toBe('true');
  });

  it('lets the focus leave the map, forwards and back', async () => {
    const { page, errors } = await openFinder();
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    const map = page.locator('.leaflet-container').first();
    await map.waitFor();
    await tabTo(page, map);
    const inMap = () =>
      page.evaluate(() => {
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active?.closest('.leaflet-container') !== null && active?.closest('.leaflet-container') !== undefined;
      });
    let left = false;
    for (let presses = 0; presses < 10 && !left; presses += 1) {
      await page.keyboard.press('Tab');
      left = !(await inMap());
    }
    expect(left, 'Tab left the map within ten presses').toBe(true);
    await tabTo(page, map);
    await page.keyboard.press('Shift+Tab');
    expect(await inMap(), 'Shift+Tab from the map leaves it').toBe(false);
  });
});

describe('the widget on a customer page of another origin', () => {
  const STYLE_PROPERTIES = ['display', 'visibility', 'font-size', 'font-family', 'color'] as const;

  async function openHostPage(css: string, { widget = true } = {}) {
    const { page, errors } = await browser.newPage();
    const html = hostPageHtml({
      ...(widget ? { script: `${server.url}/widget/v1/locator.js` } : {}),
      attributes: { key, units: 'km', country: 'US', lang: 'en', tiles: stub.tiles, attribution: 'Test tiles' },
      css,
    });
    await page.goto(stub.page(`/host-${Math.random().toString(36).slice(2)}.html`, html));
    return { page, errors };
  }

  const stylesOf = (target: Locator) =>
    target.evaluate(
      (element, properties) => {
        const style = getComputedStyle(element);
        return Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]));
      },
      STYLE_PROPERTIES as unknown as string[],
    );

  async function widgetStyles(page: Page, errors: string[]) {
    await search(page, POSTCODE);
    await expectResults(page, expectedNames(), errors);
    const first = resultItems(page).first();
    return {
      searchButton: await stylesOf(page.getByRole('search').getByRole('button', { name: 'Search' })),
      textBox: await stylesOf(searchBox(page)),
      typePicker: await stylesOf(page.getByRole('combobox', { name: 'Location type' })),
      result: await stylesOf(first),
      resultButton: await stylesOf(first.getByRole('button').first()),
    };
  }

  it('tells the site owner which origin to allow, and the visitor that it is not set up, when the key refuses the page', async () => {
    const { page, errors } = await browser.newPage();
    const restricted = (
      await server.services.finder.keys.create({
        owner: { project: projectRef },
        origins: ['https://shop.example'],
      })
    ).key;
    const html = hostPageHtml({
      script: `${server.url}/widget/v1/locator.js`,
      attributes: { key: restricted, lang: 'de', tiles: stub.tiles, attribution: 'Test tiles' },
    });
    await page.goto(stub.page('/refused.html', html));
    await expect
      .poll(() => page.locator('locator-finder').getByRole('alert').innerText())
      .toBe('Diese Standortsuche ist für diese Website nicht eingerichtet.');
    await expect
      .poll(() => errors.join('\n'))
      .toContain(`does not allow the origin ${stub.url}: add it to the key's origins`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousAxeViolations(page), `at ${width} px`).toEqual([]);
    }
  });

  it('looks the same whatever the page’s own CSS says', async () => {
    const plain = await openHostPage('');
    const hostile = await openHostPage(HOSTILE_CSS);
    // The hostile rules do reach the page's own elements.
    expect(
      await hostile.page
        .getByRole('heading', { name: 'Find a shop' })
        .evaluate((element) => getComputedStyle(element).fontSize),
    ).toBe('40px');
    const expected = await widgetStyles(plain.page, plain.errors);
    expect(expected.searchButton.display).not.toBe('none');
    expect(await widgetStyles(hostile.page, hostile.errors)).toEqual(expected);
    expect(await hostile.page.getByRole('search').getByRole('button', { name: 'Search' }).isVisible()).toBe(true);
  });

  it('leaves the page’s own styles alone', async () => {
    const without = await openHostPage('', { widget: false });
    const withWidget = await openHostPage('');
    await searchBox(withWidget.page).waitFor();
    const pageStyles = (page: Page) =>
      page.evaluate(
        (properties) => {
          const of = (element: Element) =>
            Object.fromEntries(
              properties.map((property) => [property, getComputedStyle(element).getPropertyValue(property)]),
            );
          return {
            sheets: document.styleSheets.length,
            body: of(document.body),
            heading: of(document.querySelector('h1') as Element),
          };
        },
        STYLE_PROPERTIES as unknown as string[],
      );
    expect(await pageStyles(withWidget.page)).toEqual(await pageStyles(without.page));
  });
});

describe('a location page', () => {
  const pageUrl = (name: string) => `${server.url}/finder/${key}/${slugs[name]}`;

  it('has no serious or critical accessibility violation', async () => {
    const { page } = await browser.newPage();
    const response = await page.goto(pageUrl('Congress Avenue'));
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Congress Avenue' }).waitFor();
    // As a visitor reads it: the page's map drawn, with its tiles (a page half built is another page to axe).
    await page.locator('locator-map .leaflet-container').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  /** The schema.org nodes of the page's JSON-LD, a `@graph` read as its nodes. */
  async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.flatMap((text) => {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Array.isArray(parsed['@graph']) ? (parsed['@graph'] as Record<string, unknown>[]) : [parsed];
    });
  }

  async function localBusiness(name: string) {
    const { page } = await browser.newPage({ javaScriptEnabled: false });
    const response = await page.goto(pageUrl(name));
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1, name }).count(), 'the heading, without JavaScript').toBe(1);
    const nodes = await jsonLdNodes(page);
    const business = nodes.find((node) => [node['@type']].flat().includes('LocalBusiness'));
    expect(business, `a LocalBusiness among ${JSON.stringify(nodes)}`).toBeDefined();
    expect(business?.name).toBe(name);
    const specification = (business?.openingHoursSpecification ?? []) as {
      dayOfWeek: string | string[];
      opens: string;
      closes: string;
    }[];
    const days = [...new Set(specification.flatMap((item) => [item.dayOfWeek].flat()))].sort();
    return { specification, days };
  }

  const schemaDays = (...days: string[]) => days.map((day) => `https://schema.org/${day}`).sort();

  it('works without JavaScript and describes the place in JSON-LD, its opening hours by schema.org day', async () => {
    const { specification, days } = await localBusiness(DALLAS.name);
    expect(days).toEqual(schemaDays('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'));
    for (const item of specification) expect(item).toMatchObject({ opens: '09:00', closes: '17:00' });
  });

  it('names all seven days for a store open around the clock', async () => {
    const { days } = await localBusiness('Congress Avenue');
    expect(days).toEqual(schemaDays('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'));
  });
});
