import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { buildDashboard } from '../support/dashboard-build.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

// The dashboard with a session, in Chromium against a real server: the first run of a new server through the
// dashboard, signing out and in again, the shell of a signed-in person (project switcher, navigation by role) at
// desktop and phone sizes, the team and the person's API tokens, axe-clean.

const browser = useBrowser();
let server: TestServer;

const OWNER = { name: 'Ada Owner', email: 'ada@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard() } });
});
afterAll(async () => server?.stop());

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/dashboard/sign-in`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('the dashboard with a session', () => {
  it('creates the owner on a new server, then signs out and in again', async () => {
    const { page, errors } = await browser.newPage();
    // A new server (GET /api/v2/setup says so): the dashboard opens on the first run, not on the sign-in.
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => heading(page).textContent()).toBe('Set up Locator');
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create the owner' }).click();

    // Signed in, on the owner's project: the switcher names it with the role, the navigation offers the team.
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Welcome: you are the owner.');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
    const project = await heading(page).textContent();
    expect(await page.getByLabel('Project', { exact: true }).locator('option').allTextContents()).toEqual([
      `${project} (Owner)`,
    ]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Stores',
      'Import and export',
      'Activity',
      'Insights',
      'Settings',
      'Website',
      'Webhooks',
      'Team',
      'All projects',
      'API tokens',
      'Your account',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await nav.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('You are signed out.');

    await signIn(page, { email: OWNER.email, password: 'not the password' });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The e-mail or the password is not right.');
    await signIn(page, OWNER);
    await expect.poll(() => heading(page).textContent()).toBe(project);
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
  });

  it('keeps the session across a reload and shows the signed-in shell at 390 px, axe-clean', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, OWNER);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
    for (const [link, title] of [
      ['All projects', 'Your projects'],
      ['Your account', 'Your account'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), link).toBeLessThanOrEqual(390);
      expect(await seriousAxeViolations(page), link).toEqual([]);
    }
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Your account');
    expect(await page.getByText(`Signed in as ${OWNER.email}.`).isVisible()).toBe(true);
  });

  it('invites a colleague as editor, who joins in another browser, creates a store and is not offered the team', async () => {
    const { page } = await browser.newPage();
    await signIn(page, OWNER);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
    const project = await heading(page).textContent();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await expect.poll(() => heading(page).textContent()).toBe(`Team of ${project}`);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByLabel('E-mail').fill('grace@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Editor' });
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('grace@example.com is invited.');
    const link = await page.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(/\/dashboard\/invitation#token=/);
    expect(await page.getByRole('list', { name: 'Open invitations' }).textContent()).toContain('grace@example.com');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The colleague opens the link in a browser of their own, makes their user and joins.
    const colleague = (await browser.newPage()).page;
    await colleague.goto(link);
    await expect.poll(() => heading(colleague).textContent()).toBe('Join a project');
    expect(await seriousAxeViolations(colleague)).toEqual([]);
    await colleague.getByLabel('Your name').fill('Grace Editor');
    await colleague.getByLabel('Password').fill('another long password');
    await colleague.getByRole('button', { name: 'Create your user and join' }).click();
    await expect.poll(() => heading(colleague).textContent()).toBe(project);
    await expect.poll(() => colleague.getByRole('status').textContent()).toBe('You joined the project.');
    const nav = colleague.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Team');
    expect(await colleague.getByLabel('Project', { exact: true }).locator('option').allTextContents()).toContain(
      `${project} (Editor)`,
    );
    // Within the role: the editor creates a store, and the project's team stays closed to them.
    const projectUrl = colleague.url();
    await colleague.goto(`${projectUrl}/stores/new`);
    await expect.poll(() => heading(colleague).textContent()).toBe('New store');
    await colleague.getByLabel('Name', { exact: true }).fill('Grace Street');
    await colleague.getByLabel('City', { exact: true }).fill('Austin');
    await colleague.getByLabel('Latitude').fill('30.27');
    await colleague.getByLabel('Longitude').fill('-97.74');
    await colleague.getByRole('button', { name: 'Create the store' }).click();
    await expect.poll(() => colleague.getByRole('status').textContent()).toBe('Grace Street is created.');
    await colleague.goto(`${projectUrl}/team`);
    await expect
      .poll(() => colleague.getByText('As Editor, you do not manage the team. Owners and admins do.').isVisible())
      .toBe(true);
    expect(await colleague.getByRole('button', { name: /Remove|Invite/ }).count()).toBe(0);

    // The owner sees the new member, changes their role, and the invitation is gone.
    await page.reload();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await page.getByLabel('Role of Grace Editor').selectOption({ label: 'Viewer' });
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Grace Editor is now Viewer.');
    expect(await page.getByText('No open invitations.').isVisible()).toBe(true);
  });

  it('makes an API token that is shown once and works, then revokes it', async () => {
    const { page } = await browser.newPage();
    await signIn(page, OWNER);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API tokens' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('API tokens');
    await page.getByLabel('Name', { exact: true }).fill('Nightly import');
    await page.getByRole('button', { name: 'Create the token' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('The token Nightly import is made. Copy it now.');
    const token = await page.getByLabel('The token Nightly import').inputValue();
    expect(token).toMatch(/^lct2_/);
    const user = await call(server, 'GET', '/api/v2/user', { token });
    expect(user.status).toBe(200);
    expect(user.body.data.email).toBe(OWNER.email);
    expect(await page.getByRole('row', { name: /Nightly import/ }).textContent()).toContain('location:read');
    expect(await seriousAxeViolations(page)).toEqual([]);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke Nightly import' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('The token Nightly import is revoked.');
    await expect.poll(() => page.getByRole('row', { name: /Nightly import/ }).count()).toBe(0);
    // A token found valid is trusted for a second (http/auth.ts): past it, the revoked one is refused.
    server.clock.now += 1_001;
    expect((await call(server, 'GET', '/api/v2/user', { token })).status).toBe(401);
  });
});
