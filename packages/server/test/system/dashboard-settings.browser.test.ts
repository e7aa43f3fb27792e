import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { buildDashboard } from '../support/dashboard-build.ts';
import { openSignedIn, pageWidth } from '../support/dashboard-pages.ts';
import { addMember } from '../support/people.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';

// The Settings screen in Chromium against a real server: filters created, renamed, moved with the keyboard's buttons
// and deleted after a question that says how many stores use the filter, each checked in what the API then answers;
// the project's defaults; read only for a viewer; axe-clean at 1280 and 390 px.

const browser = useBrowser();
let server: TestServer;
let owner: CreatedUser;

beforeAll(async () => {
  server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard() } });
  owner = await createAccount(server);
});
afterAll(async () => server?.stop());

const projectPath = () => `/api/v2/projects/${owner.project.public_id}`;
const api = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
  call(server, method, `${projectPath()}${path}`, {
    token: owner.token.token,
    ...(body === undefined ? {} : { body }),
  });
const filterNames = async () =>
  (await api('GET', '/filters')).body.data.map((filter: { name: string; locations_count: number }) => [
    filter.name,
    filter.locations_count,
  ]);
const settingsAddress = () => `/dashboard/projects/${owner.project.public_id}/settings`;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first().textContent();
const filters = (page: Page) => page.getByRole('region', { name: 'Filters', exact: true });

describe('the settings screen', () => {
  it('creates, renames, moves and deletes filters, saying how many stores use one, as the API then answers', async () => {
    const page = await openSignedIn(browser, server, owner, `/dashboard/projects/${owner.project.public_id}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Filters' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const add = page.getByRole('form', { name: 'Add filter' });
    for (const name of ['Wifi', 'Parking', 'Accessible']) {
      await add.getByLabel('Name').fill(name);
      await add.getByRole('button', { name: 'Add filter' }).click();
      await expect.poll(() => status(page)).toBe(`“${name}” added.`);
    }
    expect(await filterNames()).toEqual([
      ['Wifi', 0],
      ['Parking', 0],
      ['Accessible', 0],
    ]);

    const created = await api('POST', '/locations', { name: 'Downtown', city: 'Austin', filters: ['Wifi'] });
    expect(created.status, created.text).toBe(201);
    await page.reload();
    const wifiRow = filters(page).getByRole('row', { name: /Wifi/ });
    await expect.poll(() => wifiRow.getByRole('cell').first().textContent()).toBe('1');

    await filters(page).getByRole('button', { name: 'Rename Parking' }).click();
    const editing = page.getByRole('form', { name: 'Change Parking' });
    await editing.getByLabel('Name').fill('Free parking');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page)).toBe('“Free parking” saved.');
    expect((await filterNames()).map(([name]: [string]) => name)).toEqual(['Wifi', 'Free parking', 'Accessible']);

    // Moved by its button, from the keyboard: the focus stays on the button pressed.
    await filters(page).getByRole('button', { name: 'Move Accessible up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('“Accessible” is now number 2 of 3.');
    expect((await filterNames()).map(([name]: [string]) => name)).toEqual(['Wifi', 'Accessible', 'Free parking']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Accessible up');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => filterNames())
      .toEqual([
        ['Accessible', 0],
        ['Wifi', 1],
        ['Free parking', 0],
      ]);
    // First now, its "up" button is disabled: the focus moved to its "down" button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Accessible down');

    const question = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await filters(page).getByRole('button', { name: 'Delete Wifi' }).click();
    expect(await question).toBe('Delete “Wifi”? 1 store uses it; it will be removed from that store.');
    await expect.poll(() => status(page)).toBe('“Wifi” deleted.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('filters-heading');
    expect(await filterNames()).toEqual([
      ['Accessible', 0],
      ['Free parking', 0],
    ]);
    const location = await api('GET', `/locations/${created.body.data.id}?includeFilters=1`);
    expect(location.body.data.filters).toEqual([]);
  });

  it("saves the project's default unit and country", async () => {
    const page = await openSignedIn(browser, server, owner, settingsAddress());
    const defaults = page.getByRole('form', { name: 'Project defaults' });
    await defaults.getByLabel('Distance unit').selectOption('mi');
    await defaults.getByLabel('Country').fill('gb');
    await defaults.getByRole('button', { name: 'Save defaults' }).click();
    await expect.poll(() => status(page)).toBe('Project defaults saved.');
    expect((await api('GET', '/branding')).body.data).toMatchObject({ default_unit: 'mi', default_country: 'GB' });
  });

  it('adds a marker with its colour, and shows a viewer everything read only', async () => {
    const page = await openSignedIn(browser, server, owner, settingsAddress());
    const add = page.getByRole('form', { name: 'Add marker' });
    await add.getByLabel('Name').fill('Flagship');
    await add.getByLabel('Colour').fill('#7A1F5C');
    await add.getByRole('button', { name: 'Add marker' }).click();
    await expect.poll(() => status(page)).toBe('“Flagship” added.');
    expect((await api('GET', '/markers')).body.data).toMatchObject([{ name: 'Flagship', color: '#7a1f5c' }]);

    const viewer = await createAccount(server);
    await addMember(server, owner.project.id, viewer.user.id, 'viewer');
    const seen = await openSignedIn(browser, server, viewer, settingsAddress());
    await expect.poll(() => seen.getByText('Your role lets you read these settings').count()).toBe(1);
    await expect.poll(() => seen.getByRole('row', { name: /Flagship/ }).count()).toBe(1);
    expect(await seen.getByRole('button', { name: /Add |Delete |Rename |Move / }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: 'Save defaults' }).count()).toBe(0);
    expect(await seriousAxeViolations(seen)).toEqual([]);
  });

  it('fits a phone 390 px wide and stays axe-clean there', async () => {
    const page = await openSignedIn(browser, server, owner, settingsAddress(), { width: 390, height: 844 });
    await expect.poll(() => page.getByRole('row', { name: /Accessible/ }).count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // In German too, and still within the phone's width.
    await page.getByLabel('Language').selectOption('de');
    await expect.poll(() => heading(page).textContent()).toBe('Einstellungen');
    expect(await page.getByRole('button', { name: 'Accessible nach oben' }).count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});
