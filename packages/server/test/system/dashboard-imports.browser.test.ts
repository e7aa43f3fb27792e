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

// The import wizard in Chromium against a real server: a CSV whose headers need mapping is mapped, checked by a dry
// run and imported; a changed file imported again with the remembered mapping and match updates the stores instead of
// duplicating them. What the API then holds is the judge; axe at 1280 and 390 px.

const browser = useBrowser();
let server: TestServer;
let session: BrowserSession;
let projectId: string;

const OWNER = { name: 'Ada Owner', email: 'ada@example.com', password: 'correct horse battery' };

/** "Location" and "Branch phone" are no column names the import knows: they need mapping. */
const FIRST = [
  'Store Name,Street,Location,Branch phone',
  'Downtown,1 Main St,Austin,512 555 0101',
  'Riverside,12 River Rd,Austin,512 555 0102',
].join('\n');
/** The same stores, Downtown with a new phone, and no IDs: only name and address tell them. */
const SECOND = FIRST.replace('512 555 0101', '512 555 0199');

beforeAll(async () => {
  server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard() }, importWorker: true });
  const setUp = await call(server, 'POST', '/api/v2/setup', { body: OWNER });
  expect(setUp.status, setUp.text).toBe(201);
  session = sessionOf(setUp);
  projectId = (await call(server, 'GET', '/api/v2/projects', { session })).body.data[0].id;
});
afterAll(async () => server?.stop());

const api = async (path: string) =>
  (await call(server, 'GET', `/api/v2/projects/${projectId}${path}`, { session })).body;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/dashboard/sign-in`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import and export' }).click();
  await expect.poll(() => heading(page).textContent()).toBe('Import and export');
}

async function upload(page: Page, name: string, content: string): Promise<void> {
  await page.getByLabel('File of stores').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await expect.poll(() => page.getByRole('heading', { name: `Columns of ${name}` }).count()).toBe(1);
}

describe('the import wizard', () => {
  it('maps a file, shows the dry run, imports it, and a changed file with the remembered mapping updates', async () => {
    const { page, errors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await upload(page, 'stores.csv', FIRST);
    // Suggested from the header where it names a column; the rest chosen by hand.
    expect(await page.getByLabel('What the column Store Name sets').inputValue()).toBe('name');
    expect(await page.getByLabel('What the column Location sets').inputValue()).toBe('');
    await page.getByLabel('What the column Location sets').selectOption('city');
    await page.getByLabel('What the column Branch phone sets').selectOption('phone');
    await page.getByLabel(/^Name and address/).check();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Check what would change' }).click();
    const created = page.getByRole('region', { name: 'New stores (2)' });
    await created.waitFor();
    expect(await created.getByRole('rowheader').allTextContents()).toEqual(['Downtown', 'Riverside']);
    // The pressed button went with its step: the keyboard goes on from the result's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('result-heading');
    // A dry run saved nothing.
    expect((await api('/locations')).data).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Import now' }).click();
    await page.getByRole('heading', { name: 'What the import did' }).waitFor();
    const first = (await api('/locations?sort=name')).data;
    expect(first.map((store: any) => [store.name, store.city, store.phone])).toEqual([
      ['Downtown', 'Austin', '512 555 0101'],
      ['Riverside', 'Austin', '512 555 0102'],
    ]);
    expect((await api('/import-mapping')).data).toMatchObject({
      columns: { Location: 'city', 'Branch phone': 'phone' },
      match: 'name_address',
    });

    // The changed file: the mapping and the match come back remembered.
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await upload(page, 'stores-2.csv', SECOND);
    expect(await page.getByLabel('What the column Location sets').inputValue()).toBe('city');
    expect(await page.getByLabel('What the column Branch phone sets').inputValue()).toBe('phone');
    expect(await page.getByLabel(/^Name and address/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Check what would change' }).click();
    const updated = page.getByRole('region', { name: 'Updated stores (1)' });
    await updated.waitFor();
    expect(await updated.getByRole('row').nth(1).textContent()).toContain('phone');
    expect(await page.getByRole('region', { name: /^New stores/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Import now' }).click();
    await page.getByRole('heading', { name: 'What the import did' }).waitFor();

    const second = (await api('/locations?sort=name')).data;
    expect(second.map((store: any) => [store.id, store.phone])).toEqual([
      [first[0].id, '512 555 0199'],
      [first[1].id, '512 555 0102'],
    ]);
    const [latest] = (await api('/imports')).data;
    expect(latest).toMatchObject({
      dry_run: false,
      match: 'name_address',
      report: { created: 0, updated: 1, unchanged: 1 },
    });
    expect((await api(`/imports/${latest.id}/changes`)).data).toMatchObject([
      { kind: 'updated', location_id: first[0].id, fields: ['phone'] },
    ]);
    expect(await page.getByRole('list').filter({ hasText: 'stores-2.csv' }).count()).toBe(1);
    // (The console's 401 is the session check of the sign-in page, before signing in.)
    expect(errors.filter((error) => error.startsWith('page error'))).toEqual([]);
    expect(browser.outsideRequests).toEqual([]);
  });

  it('fits a phone 390 px wide through the mapping and the dry run, axe-clean', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await upload(page, 'stores.csv', FIRST.replace('Riverside', 'Uptown'));
    expect(await width()).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Check what would change' }).click();
    await page.getByRole('heading', { name: 'What the import would do' }).waitFor();
    expect(await width()).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows a viewer the export and the recent imports, and no import', async () => {
    const viewer = await createAccount(server);
    const project = await server.database.db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', projectId)
      .executeTakeFirstOrThrow();
    await addMember(server, project.id, viewer.user.id, 'viewer');
    const { page, context } = await browser.newPage();
    const signedIn = await signInAs(server, viewer.user.id);
    await context.addCookies([{ name: 'locator_session', value: signedIn.value, url: server.url }]);
    await page.goto(`${server.url}/dashboard/projects/${projectId}/imports`);
    await expect.poll(() => heading(page).textContent()).toBe('Import and export');
    await page.getByRole('heading', { name: 'Recent imports' }).waitFor();
    expect(await page.getByRole('link', { name: /^Download as / }).allTextContents()).toEqual([
      'Download as CSV',
      'Download as XLSX',
      'Download as GEOJSON',
      'Download as NDJSON',
    ]);
    expect(await page.getByLabel('File of stores').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Import a file' }).count()).toBe(0);
    const href = (await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')) ?? '';
    const exported = await page.evaluate(async (address) => (await fetch(address)).status, href);
    expect(exported).toBe(200);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
