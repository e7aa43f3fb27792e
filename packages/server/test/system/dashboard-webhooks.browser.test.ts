import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { addEditor, type DashboardProject, signInOwner, startDashboardProject } from '../support/dashboard-project.ts';
import { call } from '../support/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// The Webhooks screen in Chromium against a real server: an endpoint made there pointing at a receiver on 127.0.0.1
// (reachable because the server allows private networks, as a try-out on one's own machine does), a test ping the
// receiver gets, signed with the secret the screen showed once, and the delivery log with its request and answer;
// a refused URL's message beside the field; disabling, a new secret, deleting; axe-clean at 1280 and 390 px; and an
// editor is not offered the screen.

const browser = useBrowser();
let dashboard: DashboardProject;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  dashboard = await startDashboardProject({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
});
afterAll(async () => {
  await dashboard?.server.stop();
  await receiver?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').textContent();
const webhooksPath = () => `/api/v2/projects/${dashboard.projectId}/webhooks`;
const listWebhooks = async () =>
  (await call(dashboard.server, 'GET', webhooksPath(), { session: dashboard.owner })).body.data;
const signIn = (page: Page) => signInOwner(page, dashboard);

describe('the Webhooks screen', () => {
  it('makes an endpoint, pings a local receiver and shows the delivery with its request and answer', async () => {
    const { page } = await browser.newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect.poll(() => heading(page).textContent()).toMatch(/^Webhooks of /);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The server's refusal shows beside the field, and what was typed stays.
    const url = page.getByLabel('URL', { exact: true });
    await url.fill('ftp://127.0.0.1/hooks');
    await page.getByRole('button', { name: 'Create the endpoint' }).click();
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#webhook-new-url-error').textContent()).toContain('must be an http(s) URL');
    expect(await url.inputValue()).toBe('ftp://127.0.0.1/hooks');
    expect(await listWebhooks()).toEqual([]);

    await url.fill(receiver.url);
    await page.getByLabel('Note').fill('Shop system');
    await page.getByLabel('Every event, also those added later').uncheck();
    await page.getByLabel('location.created').check();
    await page.getByLabel('location.deleted').check();
    await page.getByRole('button', { name: 'Create the endpoint' }).click();
    await expect.poll(() => status(page)).toBe(`The endpoint ${receiver.url} is made. Copy its signing secret now.`);
    const secret = await page.getByLabel(`Signing secret of ${receiver.url}`).inputValue();
    expect(secret).toMatch(/^whsec_/);
    const [made] = await listWebhooks();
    expect(made).toMatchObject({
      url: receiver.url,
      events: ['location.created', 'location.deleted'],
      description: 'Shop system',
      enabled: true,
    });

    await page.getByRole('button', { name: `Send a test ping to ${receiver.url}` }).click();
    await expect
      .poll(() => status(page))
      .toMatch(new RegExp(`^The ping reached ${receiver.url}: HTTP 200 in \\d+ ms\\.$`));
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    if (!ping) throw new Error('no ping received');
    expect(ping.payload.type).toBe('ping');
    expect(receiver.verify(ping, secret)).toBe(true);

    const log = page.getByRole('list', { name: 'Delivery log' }).getByRole('listitem');
    await expect.poll(() => log.count()).toBe(1);
    expect(await log.first().textContent()).toContain('ping · Delivered');
    await log.first().getByText('Request and answer').click();
    const shown = await log.first().locator('pre').allTextContents();
    expect(shown[0]).toContain(`POST ${receiver.url}`);
    expect(shown[0]).toContain(`webhook-id: ${ping.id}`);
    expect(shown[0]).toContain(`"webhook_id": "${made.id}"`);
    expect(shown[1]).toBe('ok');
    const deliveries = await call(dashboard.server, 'GET', `${webhooksPath()}/${made.id}/deliveries`, {
      session: dashboard.owner,
    });
    expect(deliveries.body.data).toEqual([
      expect.objectContaining({ event_id: ping.id, status: 'delivered', request_body: ping.body }),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('edits, disables, makes a new secret for and deletes an endpoint', async () => {
    const { page } = await browser.newPage();
    await signIn(page);
    await page.goto(`${dashboard.server.url}/dashboard/projects/${dashboard.projectId}/webhooks`);
    const [made] = await listWebhooks();
    const endpoints = page.getByRole('list', { name: 'Endpoints' });
    await expect.poll(() => endpoints.getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: `Edit ${receiver.url}` }).click();
    await page
      .getByRole('form', { name: `Edit the endpoint ${receiver.url}` })
      .getByLabel('Note')
      .fill('Shop (staging)');
    await page.getByRole('button', { name: 'Save the endpoint' }).click();
    await expect.poll(() => status(page)).toBe(`The endpoint ${receiver.url} is saved.`);
    expect((await listWebhooks())[0]).toMatchObject({ description: 'Shop (staging)', events: made.events });

    await page.getByRole('button', { name: `Disable ${receiver.url}` }).click();
    await expect.poll(() => status(page)).toBe(`The endpoint ${receiver.url} is disabled; its deliveries wait.`);
    expect((await listWebhooks())[0].enabled).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: `Enable ${receiver.url}` }).count()).toBe(1);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `New secret for ${receiver.url}` }).click();
    await expect.poll(() => status(page)).toBe(`A new secret for ${receiver.url} is made. Copy it now.`);
    const secret = await page.getByLabel(`Signing secret of ${receiver.url}`).inputValue();
    await page.getByRole('button', { name: `Send a test ping to ${receiver.url}` }).click();
    await expect.poll(() => receiver.received.length).toBe(2);
    const [, ping] = receiver.received;
    if (!ping) throw new Error('no second ping received');
    expect(receiver.verify(ping, secret)).toBe(true);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await expect.poll(() => status(page)).toBe(`The endpoint ${receiver.url} is deleted.`);
    expect(await listWebhooks()).toEqual([]);
    await expect.poll(() => page.getByText('No endpoints yet.').count()).toBe(1);
  });

  it("shows the guard's refusal of an address inside the network beside the field, on a server that keeps it", async () => {
    const guarded = await startDashboardProject();
    try {
      const { page } = await browser.newPage();
      await signInOwner(page, guarded);
      await page.goto(`${guarded.server.url}/dashboard/projects/${guarded.projectId}/webhooks`);
      const url = page.getByLabel('URL', { exact: true });
      await url.fill('https://10.0.0.1/hooks');
      await page.getByRole('button', { name: 'Create the endpoint' }).click();
      await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#webhook-new-url-error').textContent()).toMatch(/must not point at .*private/);
      expect(await url.getAttribute('aria-describedby')).toContain('webhook-new-url-error');
      const listed = await call(guarded.server, 'GET', `/api/v2/projects/${guarded.projectId}/webhooks`, {
        session: guarded.owner,
      });
      expect(listed.body.data).toEqual([]);
    } finally {
      await guarded.server.stop();
    }
  });

  it('is not offered to an editor, whom the server refuses all the same', async () => {
    const { session } = await addEditor(dashboard);
    const { page, context } = await browser.newPage();
    await context.addCookies([{ name: 'locator_session', value: session.value, url: dashboard.server.url }]);
    await page.goto(`${dashboard.server.url}/dashboard/projects/${dashboard.projectId}/webhooks`);
    await expect.poll(() => page.getByText('Your role (Editor) does not manage webhooks').count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Activity' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create the endpoint' }).count()).toBe(0);
    const refused = await call(dashboard.server, 'GET', webhooksPath(), { session });
    expect(refused.status).toBe(403);
  });
});
