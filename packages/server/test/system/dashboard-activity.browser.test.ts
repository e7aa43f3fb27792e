import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { addEditor, type DashboardProject, signInOwner, startDashboardProject } from '../support/dashboard-project.ts';
import { type BrowserSession, call } from '../support/server.ts';

// The Activity screen in Chromium against a real server: changes made through the API by two people show in the
// timeline newest first, each with who made it and what changed field by field; filtered by person and by store
// (in the address, as the API filters them); axe-clean at 1280 and 390 px.

const browser = useBrowser();
let dashboard: DashboardProject;
let bob: BrowserSession;
let bobId: string;
let bobName: string;

beforeAll(async () => {
  dashboard = await startDashboardProject({ GEOCODER: 'offline' });
  const editor = await addEditor(dashboard);
  bob = editor.session;
  bobId = editor.user.public_id;
  bobName = editor.user.name;
});
afterAll(async () => dashboard?.server.stop());

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const timeline = (page: Page) => page.getByRole('list', { name: 'Changes' }).getByRole('listitem');
const locations = () => `/api/v2/projects/${dashboard.projectId}/locations`;
const feed = (query: string) =>
  call(dashboard.server, 'GET', `/api/v2/projects/${dashboard.projectId}/events${query}`, { session: dashboard.owner });

async function write(session: BrowserSession, method: string, path: string, body?: unknown) {
  const response = await call(dashboard.server, method, path, { session, ...(body === undefined ? {} : { body }) });
  expect(response.status, response.text).toBeLessThan(300);
  return response.body.data;
}

describe('the Activity screen', () => {
  it('shows who changed which fields, filtered by person and by store', async () => {
    const riverside = await write(dashboard.owner, 'POST', locations(), {
      name: 'Riverside',
      city: 'Austin',
      country: 'US',
    });
    await write(bob, 'PATCH', `${locations()}/${riverside.id}`, { phone: '+1 512 555 0199' });
    const hilltop = await write(dashboard.owner, 'POST', locations(), {
      name: 'Hilltop',
      city: 'Dallas',
      country: 'US',
    });
    await write(bob, 'PATCH', `${locations()}/${hilltop.id}`, { name: 'Hilltop Mall' });

    const { page } = await browser.newPage();
    await signInOwner(page, dashboard);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect.poll(() => heading(page).textContent()).toMatch(/^Activity in /);
    await expect.poll(() => timeline(page).count()).toBeGreaterThanOrEqual(4);
    const [newest, second] = await timeline(page).all();
    expect(await newest?.locator('.timeline-line').textContent()).toBe(`${bobName} changed the store Hilltop Mall`);
    expect(await newest?.locator('.changes').textContent()).toContain('nameHilltop → Hilltop Mall');
    expect(await second?.locator('.timeline-line').textContent()).toBe('Ada Owner created the store Hilltop');
    const all = await feed('?before=latest');
    expect(await timeline(page).count()).toBe(all.body.data.length);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // One person's changes: the filter goes into the address and the API's actor filter.
    await page.getByLabel('Person').selectOption({ label: bobName });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('actor')).toBe(bobId);
    await expect
      .poll(() => timeline(page).locator('.timeline-line').allTextContents())
      .toEqual([`${bobName} changed the store Hilltop Mall`, `${bobName} changed the store Riverside`]);
    expect(await timeline(page).nth(1).locator('.changes').textContent()).toContain('phone(empty) → +1 512 555 0199');

    // One store's history, from a link of its change; with the person filter still on, then for everyone.
    await page.getByRole('link', { name: 'Only this store: Riverside' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBe(riverside.id);
    await expect.poll(() => page.getByText('Only the store Riverside.').count()).toBe(1);
    await expect.poll(() => timeline(page).count()).toBe(1);
    await page.getByLabel('Person').selectOption({ label: 'Everyone' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect
      .poll(() => timeline(page).locator('.timeline-line').allTextContents())
      .toEqual([`${bobName} changed the store Riverside`, 'Ada Owner created the store Riverside']);
    const history = await feed(`?before=latest&location=${riverside.id}`);
    expect(history.body.data.map((event: { actor: { id: string } }) => event.actor.id)).toEqual([
      bobId,
      expect.stringMatching(/^usr_/),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Show every store' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => timeline(page).count()).toBe(all.body.data.length);

    // In German too, the same changes.
    await page.getByLabel('Language').selectOption('de');
    await expect.poll(() => heading(page).textContent()).toMatch(/^Aktivität in /);
    expect(
      await page
        .getByRole('list', { name: 'Änderungen' })
        .getByRole('listitem')
        .first()
        .locator('.timeline-line')
        .textContent(),
    ).toBe(`${bobName} hat die Filiale Hilltop Mall geändert`);
  });
});
