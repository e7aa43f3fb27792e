import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { haversineKm } from '../support/haversine.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { hostPageHtml, startTileStub, type TileStub } from '../support/tile-stub.ts';

// What the finder shows around a search, in a real browser against a real server: the list before any search, and
// more stores than one page of it. Fourteen stores around Amsterdam, on a spiral, so that no two are as far from the
// centre of the map's first view.

const browser = useBrowser();
let stub: TileStub;
let server: TestServer;
let key = '';
let account: Awaited<ReturnType<typeof createAccount>>;
const CENTRE = { lat: 52.37, lng: 4.89 };
const STORES = Array.from({ length: 14 }, (_, index) => {
  const angle = (index * 97 * Math.PI) / 180;
  const reach = 0.004 * (index + 1);
  return {
    name: `Store ${index + 1}`,
    filters: index % 2 === 0 ? ['Parking'] : [],
    // One phone that is a number, one that is not (kept as typed, never a link).
    phone: ['020 555 0101', 'ask at the desk'][index] ?? null,
    marker: index % 3 === 0 ? 'Blue' : 'Red',
    lat: CENTRE.lat + reach * Math.cos(angle),
    lng: CENTRE.lng + reach * Math.sin(angle),
  };
});

beforeAll(async () => {
  stub = await startTileStub();
  server = await startTestServer({ env: { MAP_TILE_URL: stub.tiles, MAP_TILE_ATTRIBUTION: 'Test tiles' } });
  account = await createAccount(server);
  const catalog = await seedCatalog(server, account.project);
  // The blue marker is an image: a tile of the stand-in server, which serves PNGs.
  await server.database.db
    .updateTable('markers')
    .set({ icon_url: `${stub.url}/1/0/0.png` })
    .where('public_id', '=', catalog.markers.blue)
    .execute();
  key = (await server.services.finder.keys.create({ owner: { project: refOfProject(account.project) }, origins: [] }))
    .key;
  for (const store of STORES)
    await createLocationDirectly(server.database.db, account.project, {
      ...store,
      address_line_1: 'Damrak 1',
      city: 'Amsterdam',
      postcode: '1012 LG',
      country: 'NL',
    });
});

afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

afterEach(() => {
  expect(browser.outsideRequests, 'requests that tried to leave 127.0.0.1').toEqual([]);
});

/** The stores nearest the centre of the box around them all (the map's first view) first. */
function firstViewOrder(): string[] {
  const lats = STORES.map((store) => store.lat);
  const lngs = STORES.map((store) => store.lng);
  const centre = {
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  };
  return [...STORES].sort((a, b) => haversineKm(centre, a) - haversineKm(centre, b)).map((store) => store.name);
}

const finderUrl = (params: Record<string, string> = {}) =>
  `${server.url}/finder/${key}?${new URLSearchParams({ lang: 'en', units: 'km', ...params })}`;

const resultNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Results' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('button')?.textContent?.trim() ?? ''));

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Address, postcode or city' });

async function search(page: Page, query: string): Promise<void> {
  await searchBox(page).fill(query);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}

async function expectAxeClean(page: Page): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page), `at ${width} px`).toEqual([]);
  }
}

describe('the finder before any search', () => {
  it("lists the stores of the map's first view, nearest its centre first, a page at a time", async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(finderUrl());
    const order = firstViewOrder();
    await expect
      .poll(() => resultNames(page), { message: `page errors: ${errors.join(' | ') || 'none'}` })
      .toEqual(order.slice(0, 10));
    expect(await page.locator('locator-finder').getByRole('status').innerText()).toMatch(/Enter an address/);
    await expectAxeClean(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Show 4 more locations' }).click();
    await expect.poll(() => resultNames(page)).toEqual(order);
    // The button is gone: the focus is on the first store it brought.
    const focused = await page.evaluate(() => {
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.textContent?.trim();
    });
    expect(focused).toBe(order[10]);
    expect(await page.getByRole('button', { name: /more locations?$/ }).count()).toBe(0);
  });
});

describe('the search in the address', () => {
  const parking = () =>
    STORES.filter((store) => store.filters.includes('Parking'))
      .map((store) => store.name)
      .sort();

  it('keeps the search, filters and selection in the hosted page’s address: Back from a store page and a shared link show them again', async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(finderUrl());
    await search(page, 'Amsterdam');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Amsterdam');
    await page.getByRole('button', { name: 'Parking', pressed: false }).click();
    await expect.poll(async () => (await resultNames(page)).sort(), { message: errors.join(' | ') }).toEqual(parking());
    expect(new URL(page.url()).searchParams.get('filters')).toBe('Parking');
    const chosen = (await resultNames(page))[1] as string;
    await page.getByRole('list', { name: 'Results' }).getByRole('button', { name: chosen, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('selected')).toMatch(/^loc_/);
    const shared = page.url();

    await page.getByRole('listitem').filter({ hasText: chosen }).first().getByRole('link', { name: 'Details' }).click();
    await page.waitForURL((url) => url.pathname.split('/').length > 3);
    await page.goBack();
    expect(page.url()).toBe(shared);
    await expect.poll(async () => (await resultNames(page)).sort()).toEqual(parking());
    expect(await searchBox(page).inputValue()).toBe('Amsterdam');
    expect(await page.getByRole('button', { name: 'Parking' }).getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => page.locator('li[aria-current="true"]').first().getByRole('button').first().innerText())
      .toBe(chosen);

    // The link, opened by someone else: the same search, filter and selection.
    const other = await browser.newPage();
    await other.page.goto(shared);
    await expect.poll(async () => (await resultNames(other.page)).sort()).toEqual(parking());
    await expect
      .poll(() => other.page.locator('li[aria-current="true"]').first().getByRole('button').first().innerText())
      .toBe(chosen);
    await expectAxeClean(other.page);
  });

  it('goes back to the search before with Back, each new search being an entry of the history', async () => {
    const { page } = await browser.newPage();
    await page.goto(finderUrl());
    await search(page, 'Amsterdam');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Amsterdam');
    await search(page, 'Rotterdam');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Rotterdam');
    await page.goBack();
    await expect.poll(() => searchBox(page).inputValue()).toBe('Amsterdam');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Amsterdam');
  });

  it("leaves an embedding page's address alone unless it opts in, and then writes only its own parameters", async () => {
    const open = async (attributes: Record<string, string>) => {
      const { page } = await browser.newPage();
      const html = hostPageHtml({
        script: `${server.url}/widget/v1/locator.js`,
        attributes: { key, lang: 'en', units: 'km', tiles: stub.tiles, attribution: 'Test tiles', ...attributes },
      });
      await page.goto(`${stub.page(`/embed-${Math.random().toString(36).slice(2)}.html`, html)}?page=2`);
      await search(page, 'Amsterdam');
      await expect.poll(() => resultNames(page)).not.toEqual([]);
      return new URL(page.url()).search;
    };
    expect(await open({})).toBe('?page=2');
    await expect.poll(() => open({ 'url-state': 'on' })).toBe('?page=2&locator-q=Amsterdam');
  });
});

describe('the results and the phone layout', () => {
  const itemOf = (page: Page, name: string) =>
    page
      .getByRole('list', { name: 'Results' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name, exact: true }) });

  it('offers Directions as the one primary action, and a phone as a link only when it is a number', async () => {
    const { page } = await browser.newPage();
    await page.goto(finderUrl());
    const first = itemOf(page, 'Store 1');
    await expect.poll(() => first.getByRole('link', { name: 'Directions' }).getAttribute('class')).toMatch(/primary/);
    expect(await first.locator('.primary').count()).toBe(1);
    expect(await first.getByRole('link', { name: '020 555 0101' }).getAttribute('href')).toBe('tel:+31205550101');
    const second = itemOf(page, 'Store 2');
    expect(await second.innerText()).toContain('ask at the desk');
    expect(await second.locator('a[href^="tel:"]').count()).toBe(0);
  });

  it('on a phone, switches between the list and the map, and folds the filters behind a button that counts them', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(finderUrl());
    await expect.poll(() => resultNames(page)).not.toEqual([]);
    const map = page.getByRole('region', { name: 'Map' });
    const list = page.getByRole('list', { name: 'Results' });
    expect(await map.isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Filters' }).isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect.poll(() => map.isVisible()).toBe(true);
    expect(await list.isVisible()).toBe(false);
    await expect.poll(() => page.locator('.locator-pin, .locator-cluster').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Map', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect.poll(() => list.isVisible()).toBe(true);

    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Parking' }).click();
    await page.getByRole('button', { name: 'Open now' }).click();
    await expect.poll(() => toggle.innerText()).toMatch(/^Filters\s*2$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // On a wide screen, both show, and nothing is folded.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => map.isVisible()).toBe(true);
    // No store is open now: the list is empty, its pane is shown.
    expect(await page.locator('.list').isVisible()).toBe(true);
    expect(await toggle.isVisible()).toBe(false);
    // Once the tiles behind the map's attribution are drawn: its link is judged against them.
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('the markers', () => {
  it("draws a marker's image, and a legend of the markers on the map", async () => {
    const { page } = await browser.newPage();
    await page.goto(finderUrl());
    const legend = page.getByRole('list', { name: 'Legend' });
    await expect.poll(() => legend.getByRole('listitem').allInnerTexts()).toEqual(['Blue', 'Red']);
    expect(await legend.locator('img').getAttribute('src')).toBe(`${stub.url}/1/0/0.png`);
    // Zoomed in on a blue store, its pin is its image.
    await page.getByRole('list', { name: 'Results' }).getByRole('button', { name: 'Store 1', exact: true }).click();
    await expect
      .poll(() =>
        page.locator('.locator-pin-image').evaluateAll((images) => images.map((image) => image.getAttribute('src'))),
      )
      .toContain(`${stub.url}/1/0/0.png`);
    await expectAxeClean(page);
  });
});

describe('a map whose tiles do not load', () => {
  it('says so on the map instead of showing a grey box, and the list still works', async () => {
    const { page } = await browser.newPage();
    const html = hostPageHtml({
      script: `${server.url}/widget/v1/locator.js`,
      attributes: { key, lang: 'en', units: 'km', tiles: stub.brokenTiles, attribution: 'Test tiles' },
    });
    await page.goto(stub.page('/broken-tiles.html', html));
    const notice = page.getByRole('region', { name: 'Map' }).getByRole('status');
    await expect.poll(() => notice.innerText()).toBe('The map could not be loaded. The list still works.');
    expect(await notice.isVisible()).toBe(true);
    await expect.poll(() => resultNames(page)).toHaveLength(10);
    await expectAxeClean(page);
  });
});

describe("the project's branding", () => {
  it('titles the hosted finder with its display name and logo, and is the widget’s accent unless the page sets one', async () => {
    const set = await call(server, 'PATCH', `/api/v2/projects/${account.project.public_id}/branding`, {
      token: account.token.token,
      body: { display_name: 'Acme Coffee', brand_color: '#7A1F5C' },
    });
    expect(set.status, set.text).toBe(200);
    // No https server runs here: the logo is written directly, as the stand-in's image.
    await server.database.db
      .updateTable('projects')
      .set({ logo_url: `${stub.url}/1/0/0.png` })
      .where('public_id', '=', account.project.public_id)
      .execute();
    const searchButton = (page: Page) => page.getByRole('search').getByRole('button', { name: 'Search' });
    const background = (page: Page) =>
      searchButton(page).evaluate((button) => getComputedStyle(button).backgroundColor);

    const { page } = await browser.newPage();
    await page.goto(finderUrl());
    expect(await page.title()).toBe('Acme Coffee – Store finder');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).getByRole('img', { name: 'Acme Coffee' }).count())
      .toBe(1);
    await expect.poll(() => background(page)).toBe('rgb(122, 31, 92)');
    await expectAxeClean(page);

    const embed = await browser.newPage();
    const html = hostPageHtml({
      script: `${server.url}/widget/v1/locator.js`,
      attributes: { key, lang: 'en', tiles: stub.tiles, attribution: 'Test tiles', style: '--locator-accent: #005a32' },
    });
    await embed.page.goto(stub.page('/branded.html', html));
    await expect.poll(() => resultNames(embed.page)).not.toEqual([]);
    expect(await background(embed.page)).toBe('rgb(0, 90, 50)');
  });
});
