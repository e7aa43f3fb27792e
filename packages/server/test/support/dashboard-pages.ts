import type { Page } from 'playwright-core';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import type { TestBrowser } from './browser.ts';
import { signInAs, type TestServer } from './server.ts';

// Opening a dashboard screen as a signed-in member, for the browser tests of the project screens.

/** A page signed in as `account`'s user (its session cookie set), opened at `path` of the dashboard. */
export async function openSignedIn(
  browser: TestBrowser,
  server: TestServer,
  account: Pick<CreatedUser, 'user'>,
  path: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  const session = await signInAs(server, account.user.id);
  const { page, context } = await browser.newPage({
    viewport,
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addCookies([{ name: 'locator_session', value: session.value, url: server.url }]);
  await page.goto(server.url + path);
  return page;
}

/** The width of the page's content, to check that nothing scrolls sideways on a phone. */
export const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
