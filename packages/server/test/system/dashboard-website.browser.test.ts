import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { buildDashboard } from '../support/dashboard-build.ts';
import { openSignedIn, pageWidth } from '../support/dashboard-pages.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { startTileStub, type TileStub } from '../support/tile-stub.ts';

// The Website screen in Chromium against a real server: a publishable key made with an origin; the widget designer's
// live preview (the real <locator-finder>) following each choice, a contrast warning that holds the save back, the
// embed code; the saved design then used by the hosted finder; axe-clean at 1280 and 390 px.

const browser = useBrowser();
let server: TestServer;
let tiles: TileStub;
let owner: CreatedUser;

beforeAll(async () => {
  tiles = await startTileStub();
  server = await startTestServer({
    env: { DASHBOARD_DIR: await buildDashboard(), MAP_TILE_URL: tiles.tiles, MAP_TILE_ATTRIBUTION: 'Test tiles' },
  });
  owner = await createAccount(server);
  const created = await call(server, 'POST', `/api/v2/projects/${owner.project.public_id}/locations`, {
    token: owner.token.token,
    body: { name: 'Downtown', city: 'Austin', country: 'US', lat: 30.2672, lng: -97.7431 },
  });
  expect(created.status, created.text).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await tiles?.stop();
});

const api = (method: 'GET', path: string) =>
  call(server, method, `/api/v2/projects/${owner.project.public_id}${path}`, { token: owner.token.token });
const websiteAddress = () => `/dashboard/projects/${owner.project.public_id}/website`;
const status = (page: Page) => page.getByRole('status').first().textContent();

/** A custom property of the widget as its shadow DOM resolves it, on the finder's root. */
const widgetProperty = (page: Page, property: string) =>
  page.evaluate((name) => {
    const root = document.querySelector('locator-finder')?.shadowRoot?.querySelector('.finder');
    return root ? getComputedStyle(root).getPropertyValue(name).trim() : null;
  }, property);

describe('the website screen', () => {
  it('makes a key with an origin, designs the finder with a live preview, saves it, and the hosted finder uses it', async () => {
    const page = await openSignedIn(browser, server, owner, `/dashboard/projects/${owner.project.public_id}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Website' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Website');
    await expect.poll(() => page.getByText('Create a key first').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const newKey = page.getByRole('form', { name: 'Create key' });
    await newKey.getByLabel('Allowed origins').fill('https://shop.example\nhttps://*.shop.example');
    await newKey.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => status(page)).toBe('Key created.');
    const keys = (await api('GET', '/publishable-keys')).body.data;
    expect(keys).toMatchObject([{ origins: ['https://shop.example', 'https://*.shop.example'], revoked_at: null }]);
    const key: string = keys[0].key;

    // The preview is the real widget with this key, styled by its own shadow DOM.
    await expect.poll(() => page.locator('locator-finder').getAttribute('key')).toBe(key);
    await expect.poll(() => widgetProperty(page, '--accent')).toBe('#0b5cad');
    const code = page.getByLabel('Code for your website');
    expect(await code.inputValue()).toBe(
      `<script src="${server.url}/widget/v1/locator.js" async></script> <locator-finder key="${key}"></locator-finder>`,
    );
    expect(await page.getByLabel('Hosted store finder').inputValue()).toBe(`${server.url}/finder/${key}`);

    const designer = page.getByRole('form', { name: 'Store finder design' });
    await designer.getByLabel('Accent colour').fill('#7a1f5c');
    await designer.getByLabel('Units').selectOption('mi');
    await designer.getByLabel('Corner radius (px)').fill('0');
    await expect.poll(() => widgetProperty(page, '--accent')).toBe('#7a1f5c');
    await expect.poll(() => widgetProperty(page, '--radius')).toBe('0px');
    expect(await page.locator('locator-finder').getAttribute('units')).toBe('mi');
    expect(await code.inputValue()).toBe(
      `<script src="${server.url}/widget/v1/locator.js" async></script> <locator-finder key="${key}" units="mi" style="--locator-accent:#7a1f5c;--locator-radius:0px"></locator-finder>`,
    );

    // A pale text colour fails WCAG AA: the designer says so and holds the save back until it is fixed.
    await designer.getByLabel('Text colour').fill('#cccccc');
    await expect.poll(() => page.getByText(/Text on the background has a contrast of 1\.\d+:1/).count()).toBe(1);
    expect(await designer.getByRole('button', { name: 'Save design' }).isDisabled()).toBe(true);
    await designer.getByLabel('Text colour').fill('#1b1f24');
    await expect.poll(() => page.getByText('All colours meet WCAG AA (4.5:1).').count()).toBe(1);

    await designer.getByRole('button', { name: 'Save design' }).click();
    await expect.poll(() => status(page)).toBe('Design saved: the hosted finder and every embedded finder use it.');
    expect((await api('GET', '/branding')).body.data).toMatchObject({
      brand_color: '#7a1f5c',
      text_color: null,
      corner_radius: 0,
      units: 'mi',
    });
    // What is saved reaches every finder through its configuration: the code needs the key only.
    await expect
      .poll(() => code.inputValue())
      .toBe(
        `<script src="${server.url}/widget/v1/locator.js" async></script> <locator-finder key="${key}"></locator-finder>`,
      );

    await page.goto(`${server.url}/finder/${key}`);
    await expect.poll(() => page.locator('locator-finder').getAttribute('units')).toBe('mi');
    await expect.poll(() => widgetProperty(page, '--accent')).toBe('#7a1f5c');
    await expect.poll(() => widgetProperty(page, '--radius')).toBe('0px');
    expect(browser.outsideRequests).toEqual([]);
  });

  it('fits a phone 390 px wide and stays axe-clean there', async () => {
    const page = await openSignedIn(browser, server, owner, websiteAddress(), { width: 390, height: 844 });
    await expect.poll(() => page.locator('locator-finder').count()).toBe(1);
    await expect.poll(() => widgetProperty(page, '--accent')).toBe('#7a1f5c');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
