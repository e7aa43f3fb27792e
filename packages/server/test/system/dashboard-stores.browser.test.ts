import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
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

// The Stores screen (the project's home) in Chromium against a real server: paging, search and sort kept in the
// address across a reload and Back; 3 of 5 matches hidden with one bulk action, and every match of the list given a
// filter, each checked through the API; a viewer offered no bulk action; axe-clean at 1280 and 390 px.

const browser = useBrowser();
let server: TestServer;
let session: BrowserSession;
let project: { id: string; name: string };

const OWNER = { name: 'Ada Owner', email: 'ada@example.com', password: 'correct horse battery' };
const HARBOR = ['Harbor 1', 'Harbor 2', 'Harbor 3', 'Harbor 4', 'Harbor 5'];
const OTHERS = Array.from({ length: 26 }, (_, n) => `Mountain ${String(n + 1).padStart(2, '0')}`);

const api = <T = any>(method: string, path: string, body?: unknown) =>
  call<T>(server, method, `/api/v2/projects/${project.id}${path}`, { session, ...(body ? { body } : {}) });

beforeAll(async () => {
  server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard() } });
  expect((await call(server, 'POST', '/api/v2/setup', { body: OWNER })).status).toBe(201);
  session = sessionOf(await call(server, 'POST', '/api/v2/session', { body: OWNER }));
  [project] = (await call(server, 'GET', '/api/v2/projects', { session })).body.data;
  expect((await api('POST', '/filters', { name: 'Wifi' })).status).toBe(201);
  for (const [index, name] of [...HARBOR, ...OTHERS].entries()) {
    const city = name.startsWith('Harbor') ? 'Kiel' : 'Bern';
    const created = await api('POST', '/locations', { name, city, lat: 54 + index / 100, lng: 10 });
    expect(created.status, created.text).toBe(201);
  }
});
afterAll(async () => server?.stop());

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').textContent();
const summary = (page: Page) => page.locator('#stores-summary').textContent();
const rowNames = (page: Page) => page.getByRole('table').locator('tbody th').allTextContents();
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/dashboard/sign-in`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/dashboard/projects/${project.id}`);
  await expect.poll(() => heading(page).textContent()).toBe(project.name);
}

async function allLocations(): Promise<{ id: string; name: string; visible: boolean; filters: { name: string }[] }[]> {
  const response = await api('GET', '/locations?limit=100&includeFilters=1');
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

describe('the Stores screen', () => {
  it('keeps paging, search and sort in the address across a reload and Back, axe-clean', async () => {
    const { page } = await browser.newPage();
    await signIn(page);
    await expect.poll(() => summary(page)).toBe('Stores 1–25 of 31');
    expect(await page.getByRole('link', { name: 'New store' }).getAttribute('href')).toBe(
      `/dashboard/projects/${project.id}/stores/new`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Pages of stores' }).getByRole('link', { name: 'Next page' }).click();
    await expect.poll(() => summary(page)).toBe('Stores 26–31 of 31');
    expect(queryOf(page)).toEqual({ page: '2' });
    await page.reload();
    await expect.poll(() => summary(page)).toBe('Stores 26–31 of 31');
    expect(await page.getByText('Page 2 of 2').isVisible()).toBe(true);

    await page.getByLabel('Search stores').fill('harbor');
    await page.getByLabel('Search stores').press('Enter');
    await expect.poll(() => summary(page)).toBe('Stores 1–5 of 5');
    await expect.poll(() => status(page)).toBe('5 stores found.');
    expect(queryOf(page)).toEqual({ q: 'harbor' });

    await page.getByRole('button', { name: 'Sort by Name, ascending' }).click();
    await expect.poll(() => queryOf(page)).toEqual({ q: 'harbor', sort: 'name' });
    await page.getByRole('button', { name: 'Sort by Name, descending' }).click();
    await expect.poll(() => rowNames(page)).toEqual([...HARBOR].reverse());
    expect(await page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual([...HARBOR].reverse());
    expect(await page.getByLabel('Search stores').inputValue()).toBe('harbor');

    await page.goBack();
    await expect.poll(() => queryOf(page)).toEqual({ q: 'harbor', sort: 'name' });
    await expect.poll(() => rowNames(page)).toEqual(HARBOR);
    await page.goBack();
    await page.goBack();
    await expect.poll(() => queryOf(page)).toEqual({ page: '2' });
    await expect.poll(() => summary(page)).toBe('Stores 26–31 of 31');
    expect(await page.getByLabel('Search stores').inputValue()).toBe('');
  });

  it('hides 3 of 5 matches with one bulk action, and exactly those 3 are hidden', async () => {
    const { page } = await browser.newPage();
    await signIn(page);
    await page.getByLabel('Search stores').fill('HARBOR');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => summary(page)).toBe('Stores 1–5 of 5');
    for (const name of ['Harbor 2', 'Harbor 3', 'Harbor 5']) await page.getByLabel(`Select ${name}`).check();
    await expect.poll(() => page.getByText('3 selected.').isVisible()).toBe(true);
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('hide');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply to 3 stores' }).click();
    await expect.poll(() => status(page)).toBe('3 stores are hidden.');

    const hidden = (await allLocations()).filter((location) => !location.visible).map((location) => location.name);
    expect(hidden.sort()).toEqual(['Harbor 2', 'Harbor 3', 'Harbor 5']);
    // The list shows it, and the selection is gone.
    await expect.poll(() => page.getByRole('row', { name: /Harbor 3/ }).textContent()).toContain('Hidden');
    expect(await page.getByLabel('Select Harbor 3').isChecked()).toBe(false);
    await page.getByLabel('Needs attention', { exact: true }).selectOption('hidden');
    await expect.poll(() => summary(page)).toBe('Stores 1–3 of 3');
    expect(queryOf(page)).toEqual({ q: 'HARBOR', attention: 'hidden' });
  });

  it('gives every match of the list a filter, selected on every page at once', async () => {
    const { page } = await browser.newPage();
    await signIn(page);
    await page.getByLabel('Select every store on this page').check();
    await expect.poll(() => page.getByText('25 selected.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Select all 31 matching stores' }).click();
    await expect.poll(() => page.getByText('All 31 matching stores are selected.').isVisible()).toBe(true);
    await page.getByLabel('Action', { exact: true }).selectOption('add_filter');
    expect(await page.getByLabel('Filter', { exact: true }).inputValue()).toBe('Wifi');
    await page.getByRole('button', { name: 'Apply to 31 stores' }).click();
    await expect.poll(() => status(page)).toBe('The filter is added to 31 stores.');
    const locations = await allLocations();
    expect(locations).toHaveLength(31);
    expect(locations.every((location) => location.filters.map((filter) => filter.name).includes('Wifi'))).toBe(true);
  });

  it('asks before deleting, with the count, and deletes only after a yes', async () => {
    const { page } = await browser.newPage();
    await signIn(page);
    await page.getByLabel('Search stores').fill('Mountain 26');
    await page.getByLabel('Search stores').press('Enter');
    await expect.poll(() => summary(page)).toBe('Stores 1–1 of 1');
    await page.getByLabel('Select Mountain 26').check();
    await page.getByLabel('Action', { exact: true }).selectOption('delete');
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Apply to 1 store' }).click();
    await expect.poll(() => questions).toEqual(['Delete 1 store? This cannot be undone.']);
    expect(await allLocations()).toHaveLength(31);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Apply to 1 store' }).click();
    await expect.poll(() => status(page)).toBe('1 store is deleted.');
    expect((await allLocations()).map((location) => location.name)).not.toContain('Mountain 26');
  });

  it('fits a 390 px phone, axe-clean, with the bulk actions open', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page);
    await expect.poll(() => summary(page)).toBe('Stores 1–25 of 30');
    await page.getByLabel('Select Harbor 1').check();
    await page.getByLabel('Action', { exact: true }).selectOption('set_hours');
    expect(await page.getByLabel('Monday').inputValue()).toBe('09:00-17:00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('offers a viewer no selection, no bulk action and no new store', async () => {
    const viewer = await createAccount(server);
    const row = await server.database.db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', project.id)
      .executeTakeFirstOrThrow();
    await addMember(server, row.id, viewer.user.id, 'viewer');
    const signedIn = await signInAs(server, viewer.user.id);
    const { page, context } = await browser.newPage();
    await context.addCookies([{ name: 'locator_session', value: signedIn.value, url: server.url }]);
    await page.goto(`${server.url}/dashboard/projects/${project.id}`);
    await expect.poll(() => summary(page)).toBe('Stores 1–25 of 30');
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New store' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Bulk action' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Harbor 1' }).getAttribute('href')).toMatch(
      new RegExp(`^/dashboard/projects/${project.id}/stores/loc_\\w+$`),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
