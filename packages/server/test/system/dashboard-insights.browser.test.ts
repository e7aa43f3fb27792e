import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/index.ts';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { buildDashboard } from '../support/dashboard-build.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

// The Insights screen in Chromium against a real server: after a known set of searches and visitors' actions (sent
// through the public API, then flushed), the screen shows exactly those numbers in its totals, its tables and its
// unserved demand; the period lives in the address; the CSV is the API's; axe-clean at 1280 and 390 px, in English
// and German.

const browser = useBrowser();
let server: TestServer;
let account: CreatedUser;
let key = '';
const PASSWORD = 'correct horse battery';
const stores: { id: string; name: string }[] = [];

// Stores in Berlin; searches from Hamburg (about 255 km away) find none within 50 km.
const BERLIN = { lat: 52.52, lng: 13.405 };
const HAMBURG = { lat: 53.551, lng: 9.994 };

const search = async (query: Record<string, string>) => {
  const answer = await call(server, 'GET', `/api/public/v1/search?${new URLSearchParams({ key, ...query })}`);
  expect(answer.status, answer.text).toBe(200);
};
const event = async (type: string, locationId: string) => {
  const answer = await call(server, 'POST', `/api/public/v1/events?key=${key}`, {
    rawBody: JSON.stringify({ type, location_id: locationId }),
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  });
  expect(answer.status, answer.text).toBe(204);
};

beforeAll(async () => {
  server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard() } });
  account = await server.services.accounts.createUser({
    email: 'owner@example.com',
    name: 'Ada Owner',
    password: PASSWORD,
    plan: 'business',
  });
  await seedCatalog(server, account.project);
  key = (await server.services.finder.keys.create({ owner: { project: refOfProject(account.project) }, origins: [] }))
    .key;
  for (const [n, name] of ['Alexanderplatz', 'Kreuzberg'].entries()) {
    const view = await createLocationDirectly(server.database.db, account.project, {
      name,
      city: 'Berlin',
      lat: BERLIN.lat + n * 0.01,
      lng: BERLIN.lng,
      filters: ['Wifi'],
    });
    stores.push({ id: view.record.public_id, name });
  }
  // 6 searches from Hamburg (nothing in range, the fallback answers), 5 from Berlin with a filter, 2 finders opened.
  for (let n = 0; n < 6; n += 1)
    await search({ lat: String(HAMBURG.lat), lng: String(HAMBURG.lng), limit: String(n + 1) });
  for (let n = 0; n < 5; n += 1)
    await search({ lat: String(BERLIN.lat), lng: String(BERLIN.lng), filters: 'Wifi', limit: String(n + 1) });
  for (let n = 0; n < 2; n += 1) await search({ bbox: '13.3,52.4,13.5,52.6', initial: '1', limit: String(n + 1) });
  for (let n = 0; n < 3; n += 1) await event('select', stores[0]?.id ?? '');
  await event('call', stores[1]?.id ?? '');
  await server.services.analytics.flush();
});
afterAll(async () => server?.stop());

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const insightsPath = () => `/dashboard/projects/${account.project.public_id}/insights`;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/dashboard/sign-in`);
  await page.getByLabel('E-mail').fill('owner@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
}

/** The totals as the screen shows them: each term with its number. */
const totals = (page: Page) =>
  page
    .locator('dl.totals > div')
    .evaluateAll((items) =>
      Object.fromEntries(
        items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]),
      ),
    );

/** A table's rows as the text of their cells, found by the table's caption (its accessible name). */
const rowsOf = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim())));

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });

/** The rows of the table of every day, opened as a person opens it (it folds away again with a new period). */
async function dailyRows(page: Page): Promise<(string | undefined)[][]> {
  const summary = page.getByText('Every day as a table');
  if ((await summary.locator('xpath=..').getAttribute('open')) === null) await summary.click();
  return rowsOf(table(page, 'Searches per day'));
}

describe('the Insights screen', () => {
  it('shows the counted searches and actions, the places, the filters, the stores and the unserved demand', async () => {
    const { page, errors } = await browser.newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await expect.poll(() => heading(page).textContent()).toBe(`Insights: ${account.project.name}`);
    expect(new URL(page.url()).pathname).toBe(insightsPath());
    await expect
      .poll(() => totals(page), { message: errors.join('\n') })
      .toMatchObject({
        'Finders opened': '2',
        Searches: '11',
        'Nothing in range': '6 (54.5%)',
        'Answered with the nearest beyond range': '6',
        'By position': '11',
        'By map area': '0',
        'Results selected': '3',
        Calls: '1',
        Directions: '0',
      });

    // The chart is an image named by its summary; its table has every day, today last.
    const chart = page.getByRole('img', { name: /^Bar chart of searches per day/ });
    expect(await chart.getAttribute('aria-label')).toContain('11 searches');
    const days = await dailyRows(page);
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.slice(1)).toEqual(['2', '11', '6', '6', '4']);

    // A position counts at its cell, whose centre the API reports: the screen writes it to two decimals.
    const report = await call(server, 'GET', `/api/v2/projects/${account.project.public_id}/analytics`, {
      token: account.token.token,
    });
    const [hamburg, berlin] = report.body.data.places as { lat: number; lng: number }[];
    const pointOf = (place?: { lat: number; lng: number }) => `${place?.lat.toFixed(2)}, ${place?.lng.toFixed(2)}`;
    expect(Math.abs((hamburg?.lat ?? 0) - HAMBURG.lat)).toBeLessThan(0.05);
    const places = await rowsOf(table(page, 'Where visitors searched'));
    expect(places).toEqual([
      [pointOf(hamburg), '6', '6', '100%'],
      [pointOf(berlin), '5', '0', '0%'],
    ]);
    expect(await rowsOf(table(page, 'Filters and types asked for'))).toEqual([['Wifi', 'Filter', '5']]);
    expect(await rowsOf(table(page, 'What visitors did, by store'))).toEqual([
      ['Alexanderplatz', '3', '0', '0', '0', '0', '0'],
      ['Kreuzberg', '0', '0', '0', '1', '0', '0'],
    ]);
    expect(
      await table(page, 'What visitors did, by store')
        .getByRole('link', { name: 'Alexanderplatz' })
        .getAttribute('href'),
    ).toBe(`/dashboard/projects/${account.project.public_id}/stores/${stores[0]?.id}`);

    const unserved = await rowsOf(table(page, 'Unserved demand'));
    expect(unserved).toHaveLength(1);
    expect(unserved[0]?.slice(0, 4)).toEqual(['1', pointOf(hamburg), '6', '6']);
    expect(unserved[0]?.[4]).toMatch(/^2\d\d\.\d km$/);
    const map = page.getByRole('img', { name: /^Map of unserved demand/ });
    expect(await map.locator('circle').count()).toBe(1);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeViolations(page), `at ${width} px`).toEqual([]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('keeps the period in the address, and downloads the report as the API writes it', async () => {
    const { page } = await browser.newPage();
    await signIn(page);
    await page.goto(`${server.url}${insightsPath()}?from=2020-01-01&to=2020-01-31`);
    await expect.poll(() => totals(page)).toMatchObject({ Searches: '0', 'Results selected': '0' });
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2020-01-01');
    expect(await dailyRows(page)).toHaveLength(31);
    await expect
      .poll(() => page.getByText('No place searched 5 times or more found nothing in range in this period.').count())
      .toBe(1);

    // From the keyboard: Enter in the field shows the new period, and the focus stays where it was.
    await page.getByLabel('From', { exact: true }).fill('2020-01-10');
    await page.getByLabel('From', { exact: true }).press('Enter');
    await expect.poll(() => new URL(page.url()).search).toBe('?from=2020-01-10&to=2020-01-31');
    await expect
      .poll(() => page.getByRole('img', { name: /^Bar chart of searches per day/ }).getAttribute('aria-label'))
      .toContain('from Jan 10, 2020 to Jan 31, 2020');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('insights-from');
    expect(await dailyRows(page)).toHaveLength(22);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2020-01-31');

    await page.getByRole('link', { name: 'Last 7 days' }).click();
    await expect.poll(() => totals(page)).toMatchObject({ Searches: '11' });
    const today = new Date().toISOString().slice(0, 10);
    expect(new URL(page.url()).searchParams.get('to')).toBe(today);
    expect(await dailyRows(page)).toHaveLength(7);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as CSV' }).click();
    const file = await download;
    const csv = readFileSync((await file.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')).toContain('totals,,,searches,11');
    expect(csv.split('\r\n')).toContain('totals,,,views,2');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('The report is downloaded.');
  });

  it('speaks German, and stays axe-clean on a phone', async () => {
    const { page } = await browser.newPage({
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${server.url}/dashboard/sign-in`);
    await page.getByLabel('E-Mail').fill('owner@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
    await page.goto(`${server.url}${insightsPath()}`);
    await expect.poll(() => heading(page).textContent()).toBe(`Einblicke: ${account.project.name}`);
    await expect
      .poll(() => totals(page))
      .toMatchObject({
        Suchanfragen: '11',
        // Intl writes a no-break space before the per cent sign in German.
        'Nichts im Umkreis': expect.stringMatching(/^6 \(54,5\s%\)$/),
      });
    await page.getByText('Jeder Tag als Tabelle').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
