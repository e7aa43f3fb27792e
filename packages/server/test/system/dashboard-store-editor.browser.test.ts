import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserPage, seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { buildDashboard } from '../support/dashboard-build.ts';
import { addMember, sessionOf } from '../support/people.ts';
import {
  type BrowserSession,
  call,
  createAccount,
  signInAs,
  startTestServer,
  type TestServer,
} from '../support/server.ts';
import { startTileStub, type TileStub } from '../support/tile-stub.ts';

// A store's screen in Chromium against a real server (SQLite, or PostgreSQL with TEST_DATABASE=postgres): a store
// created with a pin found from its address and then dragged, weekly and special hours, found afterwards by the public
// store-finder search; two browsers editing one store, the second shown both versions (412); axe at 1280 and 390 px.
// The map's tiles come from a stub on 127.0.0.1.

const browser = useBrowser();
let server: TestServer;
let stub: TileStub;
let session: BrowserSession;
let projectId: string;

const OWNER = { name: 'Ada Owner', email: 'ada@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  stub = await startTileStub();
  server = await startTestServer({
    env: {
      DASHBOARD_DIR: await buildDashboard(),
      MAP_TILE_URL: stub.tiles,
      MAP_TILE_ATTRIBUTION: 'Test tiles',
      GEOCODER: 'offline',
      // The offline geocoder reads its place data on first use: seconds on a busy machine.
      GEOCODER_TIMEOUT_MS: '30000',
    },
  });
  const setUp = await call(server, 'POST', '/api/v2/setup', { body: OWNER });
  expect(setUp.status, setUp.text).toBe(201);
  session = sessionOf(await call(server, 'POST', '/api/v2/session', { body: OWNER }));
  projectId = (await call(server, 'GET', '/api/v2/projects', { session })).body.data[0].id;
  const filter = await call(server, 'POST', `/api/v2/projects/${projectId}/filters`, {
    session,
    body: { name: 'Wifi' },
  });
  expect(filter.status, filter.text).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

const api = (method: string, path: string, body?: unknown) =>
  call(server, method, `/api/v2/projects/${projectId}${path}`, { session, ...(body !== undefined ? { body } : {}) });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').textContent();
/** What the status line says of a refusal or a conflict (an alert). */
const alert = (page: Page) => page.getByRole('alert').textContent();

async function signedIn(options: Parameters<typeof browser.newPage>[0] = {}): Promise<BrowserPage> {
  const opened = await browser.newPage(options);
  const { page } = opened;
  await page.goto(`${server.url}/dashboard/sign-in`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
  return opened;
}

/** Opens a store's screen and waits for its map's tiles. */
async function openStore(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`${server.url}/dashboard/projects/${projectId}/stores/${path}`);
  await expect.poll(() => heading(page).textContent()).toBe(title);
  await page.locator('.leaflet-tile-loaded').first().waitFor();
}

async function typeHours(page: Page, day: string, text: string): Promise<void> {
  const field = page.getByLabel(`${day}: hours typed`);
  await field.fill(text);
  await field.press('Tab');
}

describe('a store in the dashboard', () => {
  it('is created with a pin found from the address and dragged, and hours, and found by the public search', async () => {
    const opened = await signedIn();
    const { page } = opened;
    await openStore(page, 'new', 'New store');
    await page.getByLabel('Name', { exact: true }).fill('Congress Avenue');
    await page.getByLabel('Street and number').fill('100 Congress Ave');
    await page.getByLabel('City', { exact: true }).fill('Austin');
    await page.getByLabel('State or region').fill('TX');
    await page.getByLabel('Postcode').fill('78701');
    await page.getByLabel('Country').fill('US');
    await page.getByLabel('Wifi').check();

    await page.getByRole('button', { name: 'Find from the address' }).click();
    await expect.poll(() => status(page)).toMatch(/^The pin is placed from the address/);
    const found = {
      lat: Number(await page.getByLabel('Latitude').inputValue()),
      lng: Number(await page.getByLabel('Longitude').inputValue()),
    };
    expect(found.lat).toBeCloseTo(30.27, 1);
    expect(found.lng).toBeCloseTo(-97.74, 1);

    // The pin, dragged right and down: east and south of where the address put it.
    const pin = page.locator('.store-pin');
    await pin.scrollIntoViewIfNeeded();
    const box = await pin.boundingBox();
    if (!box) throw new Error('the pin is not shown');
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 90, start.y + 60, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => Number(await page.getByLabel('Longitude').inputValue())).toBeGreaterThan(found.lng);
    const dragged = {
      lat: Number(await page.getByLabel('Latitude').inputValue()),
      lng: Number(await page.getByLabel('Longitude').inputValue()),
    };
    expect(dragged.lat).toBeLessThan(found.lat);

    // Hours: Monday picked, Tuesday typed and copied to Wednesday to Friday, Friday split, Thursday typed again in
    // the afternoon, Saturday closed, Sunday open past midnight.
    await page.getByLabel('Monday: open?').selectOption('open');
    await typeHours(page, 'Tuesday', '8am-6pm');
    await page.getByLabel('Copy the hours of').selectOption('tue');
    for (const day of ['Wednesday', 'Thursday', 'Friday']) await page.getByLabel(`to ${day}`).check();
    await page.getByRole('button', { name: 'Copy the hours' }).click();
    await typeHours(page, 'Friday', '9-12, 1pm-6pm');
    // Typed hours are read as an import reads them: what could mean two things is refused, `1-5pm` is the afternoon.
    await typeHours(page, 'Thursday', '9-5');
    await expect.poll(() => page.getByLabel('Thursday: hours typed').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('These hours could not be read').count()).toBe(1);
    await typeHours(page, 'Thursday', '1-5pm');
    await expect.poll(() => page.getByLabel('Thursday: hours typed').getAttribute('aria-invalid')).toBeNull();
    await typeHours(page, 'Saturday', 'closed');
    await typeHours(page, 'Sunday', '6pm-2am');
    expect(await page.getByText('until the next day').count()).toBe(1);
    await page.getByRole('button', { name: 'Add special hours' }).click();
    await page.getByLabel('Label (e.g. Christmas Day)').fill('Inventory day');
    await page.getByLabel('Date', { exact: true }).fill('2030-12-24');

    await page.getByRole('button', { name: 'Create the store' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/stores\/loc_\w+$/);
    await expect.poll(() => status(page)).toBe('Congress Avenue is created.');
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';

    const saved = (await api('GET', `/locations/${id}?includeHours=1&includeSpecialHours=1&includeFilters=1`)).body
      .data;
    expect(saved).toMatchObject({
      name: 'Congress Avenue',
      city: 'Austin',
      postcode: '78701',
      lat: dragged.lat,
      lng: dragged.lng,
      geocoding: { status: 'manual' },
      time_zone: 'America/Chicago',
      filters: [{ name: 'Wifi' }],
      hours: {
        mon: '09:00-17:00',
        tue: '08:00-18:00',
        wed: '08:00-18:00',
        thu: '13:00-17:00',
        fri: '09:00-12:00,13:00-18:00',
        sat: 'closed',
        sun: '18:00-02:00',
      },
      special_hours: [{ date: '2030-12-24', hours: 'closed', label: 'Inventory day' }],
    });

    // The public store finder, with a publishable key made through the API, finds it where the pin was dragged.
    const key = await api('POST', '/publishable-keys', {});
    expect(key.status, key.text).toBe(201);
    const search = await call(
      server,
      'GET',
      `/api/public/v1/search?${new URLSearchParams({ key: key.body.data.key, lat: String(dragged.lat), lng: String(dragged.lng), limit: '1' })}`,
    );
    expect(search.status, search.text).toBe(200);
    expect(search.body.data.map((location: { id: string; name: string }) => location.name)).toEqual([
      'Congress Avenue',
    ]);
    expect(search.body.data[0].distance.meters).toBeLessThan(1);

    // What a visitor sees, and the store's own page.
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Congress Avenue');
    const link = page.getByRole('link', { name: 'Open the store’s page' });
    expect(await link.getAttribute('href')).toBe(`/finder/${key.body.data.key}/${saved.slug}`);
    expect(opened.errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    expect(browser.outsideRequests).toEqual([]);
  });

  it('shows both versions when someone else saved in between, and saves the one chosen', async () => {
    const created = await api('POST', '/locations', {
      name: 'Lamar',
      city: 'Austin',
      phone: '+1 512 555 0100',
      lat: 30.28,
      lng: -97.75,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const first = await signedIn();
    const second = await signedIn();
    await openStore(first.page, id, 'Lamar');
    await openStore(second.page, id, 'Lamar');

    await first.page.getByLabel('Phone').fill('+1 512 555 0111');
    await first.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(first.page)).toBe('Lamar is saved.');

    await second.page.getByLabel('Phone').fill('+1 512 555 0122');
    await second.page.getByLabel('Name', { exact: true }).fill('Lamar Boulevard');
    await second.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => alert(second.page)).toMatch(/^Someone else saved this store/);
    const rows = second.page.getByRole('table', { name: 'Your version and the saved one, field by field' });
    await expect
      .poll(() => rows.getByRole('row', { name: /Phone/ }).textContent())
      .toBe('Phone+1 512 555 0122+1 512 555 0111');
    expect(await rows.getByRole('row', { name: /Name/ }).textContent()).toBe('NameLamar BoulevardLamar');
    expect(await seriousAxeViolations(second.page)).toEqual([]);
    // Nothing of the second browser was saved yet.
    expect((await api('GET', `/locations/${id}`)).body.data).toMatchObject({ name: 'Lamar', phone: '+1 512 555 0111' });

    await second.page.getByRole('button', { name: 'Keep my changes and save' }).click();
    await expect.poll(() => status(second.page)).toBe('Lamar Boulevard is saved.');
    expect((await api('GET', `/locations/${id}`)).body.data).toMatchObject({
      name: 'Lamar Boulevard',
      phone: '+1 512 555 0122',
    });

    // The first browser's next save meets the second's: it takes their version this time.
    await first.page.getByLabel('E-mail').fill('lamar@example.com');
    await first.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => alert(first.page)).toMatch(/^Someone else saved this store/);
    await first.page.getByRole('button', { name: 'Take their version' }).click();
    await expect.poll(() => first.page.getByLabel('Name', { exact: true }).inputValue()).toBe('Lamar Boulevard');
    expect((await api('GET', `/locations/${id}`)).body.data.email).toBeNull();
  });

  it('is axe-clean at 1280 and at 390 px, and shows a 422 beside its field', async () => {
    const created = await api('POST', '/locations', { name: 'Riverside', city: 'Austin', lat: 30.24, lng: -97.73 });
    for (const width of [1280, 390]) {
      const { page } = await signedIn({ viewport: { width, height: 900 } });
      await openStore(page, created.body.data.id, 'Riverside');
      expect(await seriousAxeViolations(page), `at ${width} px`).toEqual([]);
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrolls, `no sideways scrolling at ${width} px`).toBe(false);
      await page.getByLabel('Website').fill('not a link');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByLabel('Website').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#store-url-error').textContent()).not.toBe('');
      expect(await page.getByLabel('Website').inputValue()).toBe('not a link');
    }
  });

  it('keeps what was typed when the session ends: signed in again, the change is there and saves', async () => {
    const created = await api('POST', '/locations', { name: 'Mueller', city: 'Austin', lat: 30.3, lng: -97.7 });
    const { page } = await signedIn();
    await openStore(page, created.body.data.id, 'Mueller');
    await page.getByLabel('Phone').fill('+1 512 555 0133');
    // The browser's session ends (as after the idle timeout); the test's own stays.
    await server.database.db.deleteFrom('sessions').where('csrf_token', '!=', session.csrfToken).execute();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Mueller');
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('+1 512 555 0133');
    expect(await page.getByText('Your unsaved changes are back.').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page)).toBe('Mueller is saved.');
    expect((await api('GET', `/locations/${created.body.data.id}`)).body.data.phone).toBe('+1 512 555 0133');
  });

  it('offers a viewer no Save and no changes', async () => {
    const created = await api('POST', '/locations', { name: 'Zilker', city: 'Austin', lat: 30.26, lng: -97.77 });
    const viewer = await createAccount(server);
    const project = await server.database.db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', projectId)
      .executeTakeFirstOrThrow();
    await addMember(server, project.id, viewer.user.id, 'viewer');
    const { value } = await signInAs(server, viewer.user.id);
    const { page, context } = await browser.newPage();
    await context.addCookies([{ name: 'locator_session', value, url: server.url }]);
    await openStore(page, created.body.data.id, 'Zilker');
    expect(await page.getByText('You can read this store; your role does not change stores.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Find from the address' }).count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
