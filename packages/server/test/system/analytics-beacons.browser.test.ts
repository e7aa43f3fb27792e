import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { useBrowser } from '../support/browser.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { hostPageHtml, startTileStub, type TileStub } from '../support/tile-stub.ts';

// The widget's beacons in a real browser: what a visitor does on a customer's page (another origin) and on Locator's
// hosted pages arrives in the project's analytics, read back through the V2 API after a flush; with analytics="off",
// Global Privacy Control or Do Not Track the browser sends no event at all, and the counts stay zero.

const browser = useBrowser();
let stub: TileStub;
let server: TestServer;
/** Where the offline geocoder puts the postcode. */
let origin = { lat: 0, lng: 0 };

const POSTCODE = '78701';
const ACTIONS = ['select', 'page_view', 'directions', 'call', 'website', 'cta'] as const;
type Counts = Record<(typeof ACTIONS)[number] | 'views' | 'searches', number>;

interface Shop {
  projectId: string;
  token: string;
  key: string;
  /** The stores, nearest the postcode first: their IDs and slugs. */
  stores: { id: string; slug: string; name: string }[];
}

/**
 * A project of its own per test (its counts start at zero), with three stores in Austin, each with a phone, a website
 * and a call to action, and a key for the customer's website (the stub's origin; not the server's, whose hosted pages
 * every key serves).
 */
async function openShop(): Promise<Shop> {
  const account = await createAccount(server);
  await seedCatalog(server, account.project);
  const { key } = await server.services.finder.keys.create({
    owner: { project: refOfProject(account.project) },
    origins: [stub.url],
  });
  const stores: Shop['stores'] = [];
  for (const [n, name] of ['Congress Avenue', 'Lamar Boulevard', 'Hyde Park'].entries()) {
    const view = await createLocationDirectly(server.database.db, account.project, {
      name,
      city: 'Austin',
      country: 'US',
      phone: `+1 512 555 010${n}`,
      url: `https://shop.example/${n}`,
      lat: origin.lat + 0.01 * (n + 1),
      lng: origin.lng,
      callsToAction: { 'Order online': 'https://shop.example/order' },
    });
    stores.push({ id: view.record.public_id, slug: view.record.slug, name });
  }
  return { projectId: account.project.public_id, token: account.token.token, key, stores };
}

/** The project's counts as the V2 API reports them, after every process's counts were added to the daily rows. */
async function countsOf(shop: Shop): Promise<{ totals: Counts; byLocation: Map<string, Record<string, number>> }> {
  await server.services.analytics.flush();
  const answer = await call(server, 'GET', `/api/v2/projects/${shop.projectId}/analytics`, { token: shop.token });
  expect(answer.status, answer.text).toBe(200);
  const { totals, locations } = answer.body.data as {
    totals: Counts;
    locations: ({ id: string } & Record<string, number>)[];
  };
  return { totals, byLocation: new Map(locations.map((location) => [location.id, location])) };
}

const NONE: Counts = {
  views: 0,
  searches: 0,
  select: 0,
  page_view: 0,
  directions: 0,
  call: 0,
  website: 0,
  cta: 0,
};

/** The counts of visitors' actions and finder use among the totals. */
const visitorCounts = ({ totals }: { totals: Counts }): Counts =>
  Object.fromEntries(Object.keys(NONE).map((name) => [name, totals[name as keyof Counts]])) as Counts;

interface Visit {
  page: Page;
  /** Every event the page's browser sent, as URL and body. */
  events: { url: string; body: string | null }[];
  errors: string[];
}

/**
 * A page in a browser of its own that records the events it sends, and keeps the visitor on the page: a link followed
 * (Directions, Call, a call to action) would leave for a site off this machine.
 */
async function visit(url: string, { privacy }: { privacy?: 'gpc' | 'dnt' } = {}): Promise<Visit> {
  const { page, context, errors } = await browser.newPage();
  if (privacy === 'gpc')
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }),
    );
  if (privacy === 'dnt')
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1', configurable: true }),
    );
  const events: Visit['events'] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/public/v1/events')
      events.push({ url: request.url(), body: request.postData() });
  });
  await page.goto(url);
  // After the page's own listeners (the widget's, in its shadow root), so the click is counted and the link not followed.
  await page.evaluate(() =>
    window.addEventListener('click', (event) => {
      if (event.composedPath().some((target) => target instanceof HTMLAnchorElement)) event.preventDefault();
    }),
  );
  return { page, events, errors };
}

/** The customer's page with the widget, on the stub's origin (which the key is made to allow). */
async function customerPage(shop: Shop, attributes: Record<string, string> = {}): Promise<string> {
  const html = hostPageHtml({
    script: `${server.url}/widget/v1/locator.js`,
    attributes: { key: shop.key, units: 'km', country: 'US', lang: 'en', tiles: stub.tiles, ...attributes },
  });
  return stub.page(`/shop-${Math.random().toString(36).slice(2)}.html`, html);
}

const finder = (page: Page) => page.locator('locator-finder');
const results = (page: Page) => finder(page).getByRole('list', { name: 'Results' }).getByRole('listitem');

/** Waits for the list the finder shows on opening, then searches the postcode and does each thing with a result. */
async function searchAndAct(page: Page, shop: Shop): Promise<void> {
  await expect.poll(() => results(page).count()).toBe(shop.stores.length);
  await finder(page).getByRole('textbox', { name: 'Address, postcode or city' }).fill(POSTCODE);
  await finder(page).getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => finder(page).getByRole('status').first().textContent()).toBe('3 locations found');
  const first = results(page).first();
  await first.getByRole('button', { name: shop.stores[0]?.name }).click();
  await first.getByRole('link', { name: 'Directions' }).click();
  await first.getByRole('link', { name: '+1 512 555 0100' }).click();
  await first.getByRole('link', { name: 'Order online' }).click();
  // Selecting the selected one again is no new selection; another store is.
  await first.getByRole('button', { name: shop.stores[0]?.name }).click();
  await results(page).nth(1).getByRole('button', { name: shop.stores[1]?.name }).click();
}

/** What `searchAndAct` sends: one of each of the first store's actions, and the second store's selection. */
const ACTED: Counts = { ...NONE, views: 1, searches: 1, select: 2, directions: 1, call: 1, cta: 1 };

beforeAll(async () => {
  stub = await startTileStub();
  server = await startTestServer({
    env: { MAP_TILE_URL: stub.tiles, MAP_TILE_ATTRIBUTION: 'Test tiles', GEOCODER: 'offline' },
  });
  // Asked with a project of its own, whose search counts nowhere the tests look.
  const account = await createAccount(server);
  const { key } = await server.services.finder.keys.create({
    owner: { project: refOfProject(account.project) },
    origins: [],
  });
  const answer = await call(
    server,
    'GET',
    `/api/public/v1/search?${new URLSearchParams({ key, q: POSTCODE, country: 'US' })}`,
  );
  expect(answer.body.meta.origin, 'the offline geocoder knows the postcode').not.toBeNull();
  origin = { lat: answer.body.meta.origin.lat, lng: answer.body.meta.origin.lng };
});

afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

afterEach(() => {
  expect(browser.outsideRequests, 'requests that tried to leave 127.0.0.1').toEqual([]);
});

describe("the widget's beacons", () => {
  it("counts a customer page's visitor's actions, and its list on opening as a view, not a search", async () => {
    const shop = await openShop();
    const { page, events, errors } = await visit(await customerPage(shop));
    await searchAndAct(page, shop);
    await expect.poll(async () => visitorCounts(await countsOf(shop)), { message: errors.join('\n') }).toEqual(ACTED);
    const { byLocation } = await countsOf(shop);
    expect(byLocation.get(shop.stores[0]?.id ?? '')).toMatchObject({ select: 1, directions: 1, call: 1, cta: 1 });
    expect(byLocation.get(shop.stores[1]?.id ?? '')).toMatchObject({ select: 1, directions: 0 });
    // Plain text, the publishable key in the query as the search sends it: no preflight.
    expect(events).toHaveLength(5);
    for (const event of events) {
      expect(new URL(event.url).searchParams.get('key')).toBe(shop.key);
      expect(Object.keys(JSON.parse(event.body ?? '{}')).sort()).toEqual(['location_id', 'type']);
    }
  });
});

describe('a visitor who asks not to be counted', () => {
  /** A visitor on the customer's page who asks for nothing: one selection, the positive control of a test. */
  async function controlVisit(shop: Shop): Promise<void> {
    const { page } = await visit(await customerPage(shop));
    await expect.poll(() => results(page).count()).toBe(shop.stores.length);
    await results(page).last().getByRole('button', { name: shop.stores[2]?.name }).click();
  }

  /** The control's selection arrived, and nothing else of visitors' actions: the searches alone were counted. */
  async function expectOnlyTheControl(shop: Shop): Promise<void> {
    await expect
      .poll(async () => visitorCounts(await countsOf(shop)))
      .toEqual({ ...NONE, views: 2, searches: 1, select: 1 });
    expect((await countsOf(shop)).byLocation.get(shop.stores[2]?.id ?? '')).toMatchObject({ select: 1 });
  }

  it('sends no beacon at all from a widget with analytics="off"', async () => {
    const shop = await openShop();
    const { page, events } = await visit(await customerPage(shop, { analytics: 'off' }));
    await searchAndAct(page, shop);
    await controlVisit(shop);
    await expectOnlyTheControl(shop);
    expect(events).toEqual([]);
  });

  for (const privacy of ['gpc', 'dnt'] as const)
    it(`sends no beacon when the browser sends ${privacy === 'gpc' ? 'Global Privacy Control' : 'Do Not Track'}`, async () => {
      const shop = await openShop();
      const { page, events } = await visit(await customerPage(shop), { privacy });
      expect(
        await page.evaluate(() => {
          const asked = navigator as Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };
          return asked.globalPrivacyControl === true || asked.doNotTrack === '1';
        }),
      ).toBe(true);
      await searchAndAct(page, shop);
      await controlVisit(shop);
      await expectOnlyTheControl(shop);
      expect(events).toEqual([]);
    });
});

describe("Locator's hosted pages", () => {
  /** Chromium's reports of what the page's Content-Security-Policy refused. */
  const refusals = (errors: string[]) => errors.filter((error) => /Content Security Policy/i.test(error));

  it("count a location page's view and its links' clicks, under the page's Content-Security-Policy", async () => {
    const shop = await openShop();
    const [store] = shop.stores;
    const { page, events, errors } = await visit(`${server.url}/finder/${shop.key}/${store?.slug}`);
    await expect.poll(async () => visitorCounts(await countsOf(shop))).toEqual({ ...NONE, page_view: 1 });
    const actions = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Directions' }) });
    await actions.getByRole('link', { name: 'Directions' }).click();
    await actions.getByRole('link', { name: 'Call' }).click();
    await actions.getByRole('link', { name: 'Order online' }).click();
    await page.getByRole('link', { name: 'https://shop.example/0' }).click();
    // A click on a link that is no action (the breadcrumb back to the finder) counts nothing.
    await page.getByRole('navigation').getByRole('link').first().click();
    const expected = { ...NONE, page_view: 1, directions: 1, call: 1, cta: 1, website: 1 };
    await expect
      .poll(async () => visitorCounts(await countsOf(shop)), { message: errors.join('\n') })
      .toEqual(expected);
    const { views: _views, searches: _searches, ...byStore } = expected;
    expect((await countsOf(shop)).byLocation.get(store?.id ?? '')).toMatchObject(byStore);
    expect(events).toHaveLength(5);
    expect(refusals(errors)).toEqual([]);
  });

  it("count the hosted finder's opening as a view and its selections, and nothing with Global Privacy Control", async () => {
    const shop = await openShop();
    const { page, errors } = await visit(`${server.url}/finder/${shop.key}?lang=en`);
    await expect.poll(() => results(page).count()).toBe(shop.stores.length);
    await results(page).getByRole('button', { name: shop.stores[0]?.name }).click();
    await expect
      .poll(async () => visitorCounts(await countsOf(shop)), { message: errors.join('\n') })
      .toEqual({ ...NONE, views: 1, select: 1 });
    expect(refusals(errors)).toEqual([]);

    const refused = await visit(`${server.url}/finder/${shop.key}/${shop.stores[1]?.slug}`, { privacy: 'gpc' });
    await refused.page.getByRole('link', { name: 'Call' }).click();
    // The finder's second opening is the positive control: its view was counted, the location page's view was not.
    const again = await visit(`${server.url}/finder/${shop.key}?lang=en`);
    await expect.poll(() => results(again.page).count()).toBe(shop.stores.length);
    await expect.poll(async () => visitorCounts(await countsOf(shop))).toEqual({ ...NONE, views: 2, select: 1 });
    expect(refused.events).toEqual([]);
  });
});
