import axe from 'axe-core';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

// Browser tests drive Debian's Chromium (scripts/ensure-browser.sh installs it) through playwright-core: no browser is
// downloaded by a test tool. One browser a test file, a fresh context (cookies, storage, cache) a test, and no request
// leaves this machine: every other host is refused and recorded, so a test can show that nothing went out.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** Whether a URL a page asked for stays on this machine (data: and blob: URLs never leave the page). */
export function isLocalUrl(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.protocol === 'about:') return true;
  return LOCAL_HOSTS.has(parsed.hostname);
}

/** Refuses every request of the context to a host other than this machine, recording its URL in `outside`. */
export async function keepLocal(context: BrowserContext, outside: string[]): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isLocalUrl(url)) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
}

export interface BrowserPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors of the page's scripts and the console's errors, for messages when a test fails. */
  errors: string[];
}

export interface TestBrowser {
  /** A page in a context of its own (closed after the test), local requests only. */
  newPage(options?: BrowserContextOptions): Promise<BrowserPage>;
  /** Every request any page of this file tried to send off this machine. */
  outsideRequests: string[];
}

/**
 * A Chromium for the tests of one file (or of the describe block it is called in): launched in beforeAll, closed in
 * afterAll; the contexts a test opens are closed after it.
 */
export function useBrowser(): TestBrowser {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  const outsideRequests: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => browser?.close());
  return {
    outsideRequests,
    async newPage(options = {}) {
      if (!browser) throw new Error('The browser starts in beforeAll');
      const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago', ...options });
      open.push(context);
      // Well inside a test's time, so that a missing element fails with Playwright's message rather than vitest's
      // timeout.
      context.setDefaultTimeout(15_000);
      await keepLocal(context, outsideRequests);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      return { page, context, errors };
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  /** The elements, as axe names them (a shadow DOM element as the path of selectors through its hosts). */
  targets: string[];
}

/**
 * The serious and critical accessibility violations axe-core finds in the page as it is now, open shadow roots
 * included. axe's source runs through the DevTools protocol rather than a `<script>` element, so that a page's
 * Content-Security-Policy (which rightly refuses inline scripts) does not stop the check.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(`(() => { ${axe.source}; return typeof window.axe === 'object'; })()`);
  if (loaded !== true) throw new Error('axe-core did not load in the page');
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
