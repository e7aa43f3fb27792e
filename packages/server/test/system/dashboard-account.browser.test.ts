import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { buildDashboard } from '../support/dashboard-build.ts';
import { type ReceivedMail, sessionOf, startSmtpServer, tokenOfLink } from '../support/people.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { readUntil } from '../support/wait.ts';

// "Your account" in Chromium against a real server: the name, the password (which ends the other sessions), the list
// of sessions and signing out everywhere, axe-clean; a passkey registered there through Chromium's virtual
// authenticator (CDP WebAuthn) and then used to sign in. The pages are opened on localhost, not 127.0.0.1: a
// passkey belongs to a host name, and browsers refuse an IP address as one.

const browser = useBrowser();
let server: TestServer;
let base: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const OWNER = { name: 'Ada Owner', email: 'ada@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { DASHBOARD_DIR: await buildDashboard(), SMTP_URL: smtp.url } });
  base = server.url.replace('127.0.0.1', 'localhost');
  const setUp = await call(server, 'POST', '/api/v2/setup', { body: OWNER });
  expect(setUp.status, setUp.text).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').textContent();

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/dashboard/sign-in`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
}

async function openAccount(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your account' }).click();
  await expect.poll(() => heading(page).textContent()).toBe('Your account');
}

describe('your account in the dashboard', () => {
  it('changes the name and the password, lists the sessions and signs out everywhere, axe-clean', async () => {
    const { page } = await browser.newPage();
    await signIn(page, OWNER);
    const elsewhere = sessionOf(
      await call(server, 'POST', '/api/v2/session', {
        body: { email: OWNER.email, password: OWNER.password },
        headers: { 'user-agent': 'Another browser' },
      }),
    );
    await openAccount(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const sessions = page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
    // The first run's session, this browser's and the other one.
    await expect.poll(() => sessions.count()).toBe(3);
    expect(await sessions.filter({ hasText: '(this browser)' }).count()).toBe(1);
    expect(await sessions.filter({ hasText: 'Another browser' }).count()).toBe(1);

    await page.getByLabel('Your name').fill('Ada King');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page)).toBe('Your name is saved.');
    expect((await call(server, 'GET', '/api/v2/user', { session: elsewhere })).body.data.name).toBe('Ada King');

    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password').fill('an even longer horse battery');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect.poll(() => page.locator('#current-password').getAttribute('aria-invalid')).toBe('true');
    expect((await call(server, 'GET', '/api/v2/session', { session: elsewhere })).status).toBe(200);

    await page.getByLabel('Current password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect.poll(() => status(page)).toBe('Your password is changed.');
    OWNER.password = 'an even longer horse battery';
    expect((await call(server, 'GET', '/api/v2/session', { session: elsewhere })).status).toBe(401);
    expect(await seriousAxeViolations(page)).toEqual([]);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    await expect.poll(() => status(page)).toBe('You are signed out everywhere.');
    const listed = await call(server, 'GET', '/api/v2/sessions', {
      session: sessionOf(
        await call(server, 'POST', '/api/v2/session', { body: { email: OWNER.email, password: OWNER.password } }),
      ),
    });
    expect(listed.body.data).toEqual([expect.objectContaining({ current: true })]);
  });

  it('registers a passkey with the virtual authenticator and signs in with it', async () => {
    const { page, context } = await browser.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await signIn(page, OWNER);
    await openAccount(page);
    await page.getByLabel('Name of the passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect.poll(() => status(page)).toBe('The passkey Test laptop is added.');
    const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect.poll(() => passkeys.allTextContents()).toEqual([expect.stringContaining('Test laptop')]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/projects\/prj_\w+$/);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'locator_session');
    const listed = await call(server, 'GET', '/api/v2/session', {
      session: { value: cookie?.value ?? '', csrfToken: '' },
    });
    expect(listed.body.data.user).toMatchObject({ email: OWNER.email });
  });
});

describe('people around the account', () => {
  it('sets a new password through the link e-mailed from "Forgot your password?"', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${base}/dashboard/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Reset your password');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect
      .poll(() => status(page))
      .toBe('If the e-mail belongs to a user, a link is on its way. It works once, for an hour.');
    const mails = await readUntil(
      async () => smtp.mails.filter((mail: ReceivedMail) => mail.to.includes(OWNER.email)),
      (found) => found.length > 0,
    );
    const link = /https?:\/\/\S+reset-password#token=\w+/.exec(mails.at(-1)?.text ?? '')?.[0] ?? '';
    // Opened as from the e-mail: a new load (the same address with only a new #fragment would not load the page).
    await page.goto('about:blank');
    await page.goto(`${base}/dashboard/reset-password#token=${tokenOfLink(link)}`);
    await expect.poll(() => heading(page).textContent()).toBe('Set a new password');
    await page.getByLabel('New password').fill('a password reset by e-mail');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect.poll(() => status(page)).toBe('Your password is changed. Sign in with it.');
    OWNER.password = 'a password reset by e-mail';
    await signIn(page, OWNER);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lets a viewer read the project without the team, and the server refuses their writes', async () => {
    const owner = sessionOf(
      await call(server, 'POST', '/api/v2/session', { body: { email: OWNER.email, password: OWNER.password } }),
    );
    const projectId: string = (await call(server, 'GET', '/api/v2/projects', { session: owner })).body.data[0].id;
    const invited = await call(server, 'POST', `/api/v2/projects/${projectId}/invitations`, {
      session: owner,
      body: { email: 'vera@example.com', role: 'viewer' },
    });
    expect(invited.status, invited.text).toBe(201);
    const viewer = { email: 'vera@example.com', password: 'a viewer reads only' };
    const joined = await call(server, 'POST', '/api/v2/invitations/accept', {
      body: { token: tokenOfLink(invited.body.data.invite_url), name: 'Vera Viewer', password: viewer.password },
    });
    expect(joined.status, joined.text).toBe(201);

    const { page } = await browser.newPage();
    await signIn(page, viewer);
    await page.goto(`${base}/dashboard/projects/${projectId}`);
    // The project's home, the stores, for reading: no "New store", the role beside the project's name.
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('link', { name: 'New store' }).count()).toBe(0);
    expect(await page.getByLabel('Project', { exact: true }).locator('option:checked').textContent()).toMatch(
      /\(Viewer\)$/,
    );
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Team');
    await page.goto(`${base}/dashboard/projects/${projectId}/team`);
    await expect.poll(() => page.locator('main .notice').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const session = sessionOf(
      await call(server, 'POST', '/api/v2/session', { body: { email: viewer.email, password: viewer.password } }),
    );
    const locations = `/api/v2/projects/${projectId}/locations`;
    expect((await call(server, 'GET', locations, { session })).status).toBe(200);
    const write = await call(server, 'POST', locations, {
      session,
      body: { name: 'Not allowed', city: 'Austin', lat: 30.27, lng: -97.74 },
    });
    expect(write.status).toBe(403);
  });
});
