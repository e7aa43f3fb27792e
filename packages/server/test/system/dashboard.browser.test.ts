import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserPage, seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { buildDashboard } from '../support/dashboard-build.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';

// The dashboard as built from its current sources, served by a real server and driven in Chromium: the screens a person sees before signing in, their accessibility (axe, landmarks, the skip
// link, the focus after a move), their language and a phone's width.

const browser = useBrowser();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard() } });
  // A server with a user is past its first run: /dashboard asks to sign in.
  await createAccount(server);
});
afterAll(async () => server?.stop());

/** Chromium's reports of what the page's Content-Security-Policy refused. */
const refusals = (opened: BrowserPage) => opened.errors.filter((error) => /Content Security Policy/i.test(error));

async function open(path: string, options: Parameters<typeof browser.newPage>[0] = {}): Promise<BrowserPage> {
  const opened = await browser.newPage(options);
  await opened.page.goto(server.url + path);
  return opened;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('the dashboard before signing in', () => {
  it('is served at /dashboard with its assets, and asks to sign in', async () => {
    const page = await call(server, 'GET', '/dashboard');
    expect(page.status).toBe(200);
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(page.text)?.[1] ?? '';
    expect(script).not.toBe('');
    const asset = await call(server, 'GET', script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const opened = await open('/dashboard');
    const { page: tab } = opened;
    await expect.poll(() => heading(tab).textContent()).toBe('Sign in');
    await expect.poll(() => tab.title()).toBe('Sign in · Locator');
    expect(await tab.getByLabel('E-mail').getAttribute('type')).toBe('email');
    expect(await tab.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe('current-password');
    expect(await tab.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
    expect(await tab.getByRole('main').count()).toBe(1);
    expect(await tab.getByRole('banner').count()).toBe(1);
    expect(await tab.getByRole('status').count()).toBe(1);
    expect(refusals(opened)).toEqual([]);
    expect(browser.outsideRequests).toEqual([]);
  });

  it('shows the sign-in in place of a screen opened without a session, at its own address', async () => {
    const { page } = await open('/dashboard/account');
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    expect(new URL(page.url()).pathname).toBe('/dashboard/account');
  });

  it('is axe-clean on every screen without a session', async () => {
    for (const [path, title] of [
      ['/dashboard/sign-in', 'Sign in'],
      ['/dashboard/setup', 'Set up Locator'],
      ['/dashboard/reset-password', 'Reset your password'],
      ['/dashboard/reset-password#token=abc', 'Set a new password'],
      ['/dashboard/invitation#token=abc', 'Join a project'],
      ['/dashboard/nowhere', 'Page not found'],
    ] as const) {
      const { page } = await open(path);
      await expect.poll(() => heading(page).textContent(), { message: path }).toBe(title);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
  });

  it('moves the focus to the new heading after a move, and the skip link to the main content', async () => {
    const { page } = await open('/dashboard/sign-in');
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reset your password');
    expect(new URL(page.url()).pathname).toBe('/dashboard/reset-password');
    await page.goBack();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
  });

  it('fits a phone 390 px wide without sideways scrolling, and stays axe-clean there', async () => {
    for (const path of ['/dashboard/sign-in', '/dashboard/setup', '/dashboard/invitation#token=abc']) {
      const { page } = await open(path, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await expect.poll(() => heading(page).isVisible(), { message: path }).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
  });

  it("speaks the browser's language, and the one chosen", async () => {
    const { page } = await open('/dashboard/sign-in', { locale: 'de-DE' });
    await expect.poll(() => heading(page).textContent()).toBe('Anmelden');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await page.getByLabel('Sprache').selectOption('en');
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
  });
});
