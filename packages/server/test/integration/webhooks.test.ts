import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attemptDelivery,
  type DeliveryContext,
  type DeliveryResult,
  deliverNext,
} from '../../src/features/webhooks/webhook-delivery.service.ts';
import { type CatalogAccount, createCatalogAccount, fullLocationBody } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// Webhook endpoints over V2 and their deliveries, sent to a real receiver on 127.0.0.1 that verifies signatures with
// the Standard Webhooks package. The worker is driven here delivery by delivery (`deliverNext`), with the server's
// clock moved instead of waiting out the retry schedule.

const server = useTestServer({
  env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE: '10s,1m', WEBHOOK_TIMEOUT_MS: '400' },
});
let receiver: WebhookReceiver;
let delivery: DeliveryContext;
let owner: CatalogAccount;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  delivery = server.services.webhooks.deliveryContext;
});
afterAll(async () => receiver.close());
beforeEach(async () => {
  // Each test starts with no endpoint anywhere, so no other test's deliveries fall due when it moves the clock.
  await server.database.db.deleteFrom('webhook_endpoints').execute();
  server.clock.now = Date.now();
  receiver.received.length = 0;
  receiver.reply({ status: 200, body: 'ok' });
  owner = await createCatalogAccount(server);
});

const webhooksPath = () => `/api/v2/projects/${owner.account.project.public_id}/webhooks`;
const token = () => owner.account.token.token;

async function createWebhook(body: Record<string, unknown> = {}) {
  const response = await call(server, 'POST', webhooksPath(), {
    token: token(),
    body: { url: receiver.url, events: ['*'], ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string; secret: string };
}

async function createLocation(body: Record<string, unknown> = {}) {
  const response = await call(server, 'POST', owner.locations, { token: token(), body: fullLocationBody(body) });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string };
}

const patchLocation = (id: string, body: Record<string, unknown>) =>
  call(server, 'PATCH', `${owner.locations}/${id}`, { token: token(), body });

/** Runs the worker until nothing is due, and says what each delivery came to. */
async function deliverAll(): Promise<DeliveryResult[]> {
  const results: DeliveryResult[] = [];
  for (let result = await deliverNext(delivery); result !== 'idle'; result = await deliverNext(delivery))
    results.push(result);
  return results;
}

const deliveriesOf = async (webhookId: string, query = '') =>
  (await call(server, 'GET', `${webhooksPath()}/${webhookId}/deliveries${query}`, { token: token() })).body;

describe('webhook endpoints', () => {
  it('shows the signing secret once, on creation, and lists, reads, changes and deletes the endpoint', async () => {
    const created = await call(server, 'POST', webhooksPath(), {
      token: token(),
      body: {
        url: receiver.url,
        events: ['location.created', 'location.updated', 'location.updated'],
        description: 'Shop system',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^whk_/),
      url: receiver.url,
      events: ['location.created', 'location.updated'],
      enabled: true,
      description: 'Shop system',
      disabled_reason: null,
      disabled_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { id } = created.body.data;
    const listed = await call(server, 'GET', webhooksPath(), { token: token() });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).not.toHaveProperty('secret');
    const read = await call(server, 'GET', `${webhooksPath()}/${id}`, { token: token() });
    expect(read.body.data).not.toHaveProperty('secret');

    const patched = await call(server, 'PATCH', `${webhooksPath()}/${id}`, {
      token: token(),
      body: { events: ['*'], description: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ events: ['*'], description: null, url: receiver.url });

    expect((await call(server, 'DELETE', `${webhooksPath()}/${id}`, { token: token() })).body).toEqual({
      success: true,
    });
    expect((await call(server, 'GET', `${webhooksPath()}/${id}`, { token: token() })).status).toBe(404);
  });

  it('refuses unknown event types and an empty subscription, naming the known ones', async () => {
    const response = await call(server, 'POST', webhooksPath(), {
      token: token(),
      body: { url: receiver.url, events: ['location.moved'] },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.events[0]).toContain('location.moved');
    expect(response.body.errors.events[0]).toContain('location.deleted');
    const empty = await call(server, 'POST', webhooksPath(), {
      token: token(),
      body: { url: receiver.url, events: [] },
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['events']);
  });

  it('refuses a URL that is not an absolute http(s) URL', async () => {
    for (const url of ['not a url', 'ftp://example.com/hook', 'https://example.com/hook#part']) {
      const response = await call(server, 'POST', webhooksPath(), { token: token(), body: { url, events: ['*'] } });
      expect(response.status, url).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['url']);
    }
  });
});

describe('deliveries', () => {
  it('signs each delivery as Standard Webhooks says, with the V2 body, the changed keys and the actor', async () => {
    const webhook = await createWebhook();
    const location = await createLocation();
    expect((await patchLocation(location.id, { phone: '+1 512 555 0199', hours: { sat: '10:00-12:00' } })).status).toBe(
      200,
    );
    expect(await deliverAll()).toEqual(['delivered', 'delivered']);

    expect(receiver.received.map((received) => received.payload.type)).toEqual([
      'location.created',
      'location.updated',
    ]);
    const [created, updated] = receiver.received;
    if (!created || !updated) throw new Error('two deliveries expected');
    for (const received of receiver.received) {
      expect(receiver.verify(received, webhook.secret)).toBe(true);
      expect(received.id).toMatch(/^evt_/);
      expect(received.headers['content-type']).toBe('application/json');
    }
    expect(receiver.verify(updated, `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).toBe(false);
    expect(updated.payload).toEqual({
      type: 'location.updated',
      timestamp: expect.any(String),
      data: {
        location: expect.objectContaining({
          id: location.id,
          phone: '+1 512 555 0199',
          hours: expect.objectContaining({ sat: '10:00-12:00' }),
        }),
        changed: ['phone', 'hours'],
        actor: { type: 'token', id: owner.account.token.row.public_id },
      },
    });
    // Every include: the same keys as the answer of a write.
    const read = await call(
      server,
      'GET',
      `${owner.locations}/${location.id}?includeHours=1&includeSpecialHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1`,
      { token: token() },
    );
    expect(updated.payload.data.location).toEqual(read.body.data);
    expect(created.payload.data.changed).toEqual([]);
  });

  it('tries again after a 500, and the log shows both tries', async () => {
    const webhook = await createWebhook();
    receiver.reply({ status: 500, body: 'database down' }, { status: 200, body: 'thanks' });
    await createLocation();
    expect(await deliverAll()).toEqual(['retrying']);
    const afterFirst = await deliveriesOf(webhook.id);
    expect(afterFirst.data[0]).toMatchObject({ status: 'pending', event_type: 'location.created' });
    expect(Date.parse(afterFirst.data[0].next_attempt_at)).toBeGreaterThanOrEqual(server.clock.now + 10_000);

    server.clock.now += 11_500;
    expect(await deliverAll()).toEqual(['delivered']);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
    const log = await deliveriesOf(webhook.id);
    expect(log.data[0]).toMatchObject({ status: 'delivered', next_attempt_at: null, delivered_at: expect.any(String) });
    expect(log.data[0].attempts).toEqual([
      {
        attempted_at: expect.any(String),
        status_code: 500,
        duration_ms: expect.any(Number),
        error: 'HTTP 500',
        response_body: 'database down',
      },
      {
        attempted_at: expect.any(String),
        status_code: 200,
        duration_ms: expect.any(Number),
        error: null,
        response_body: 'thanks',
      },
    ]);
    expect(log.meta).toMatchObject({ total: 1, current_page: 1 });
  });

  it('keeps the order of one location: a later change waits until the earlier one is delivered', async () => {
    await createWebhook();
    const location = await createLocation();
    await deliverAll();
    receiver.received.length = 0;
    receiver.reply({ status: 503 }, { status: 200 });
    await patchLocation(location.id, { phone: '1' });
    await patchLocation(location.id, { phone: '2' });
    const other = await createLocation({ name: 'Other store' });
    // The first change fails; the second waits behind it; another location's change goes on.
    expect(await deliverAll()).toEqual(['retrying', 'delivered']);
    expect(receiver.received.map((received) => received.payload.data.location.id)).toEqual([location.id, other.id]);
    server.clock.now += 11_500;
    expect(await deliverAll()).toEqual(['delivered', 'delivered']);
    expect(receiver.received.slice(2).map((received) => received.payload.data.location.phone)).toEqual(['1', '2']);
  });

  it('gives up after the schedule, disabling the endpoint with the reason; enabling it sends what waited', async () => {
    const webhook = await createWebhook();
    receiver.reply({ status: 500 });
    const location = await createLocation();
    expect(await deliverAll()).toEqual(['retrying']);
    server.clock.now += 11_500;
    expect(await deliverAll()).toEqual(['retrying']);
    server.clock.now += 70_000;
    expect(await deliverAll()).toEqual(['failed']);
    const disabled = (await call(server, 'GET', `${webhooksPath()}/${webhook.id}`, { token: token() })).body.data;
    expect(disabled).toMatchObject({ enabled: false, disabled_at: expect.any(String) });
    expect(disabled.disabled_reason).toMatch(/^A delivery failed for 1 min \(3 tries; the last: HTTP 500\)/);
    const failed = await deliveriesOf(webhook.id, '?status=failed');
    expect(failed.data.map((entry: { attempts: unknown[] }) => entry.attempts.length)).toEqual([3]);

    // While disabled, new events are not queued for it, and nothing is sent.
    await patchLocation(location.id, { phone: '3' });
    expect(await deliverAll()).toEqual([]);

    receiver.reply({ status: 200 });
    const enabled = await call(server, 'PATCH', `${webhooksPath()}/${webhook.id}`, {
      token: token(),
      body: { enabled: true },
    });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    const retried = await call(
      server,
      'POST',
      `${webhooksPath()}/${webhook.id}/deliveries/${failed.data[0].id}/retry`,
      { token: token() },
    );
    expect(retried.status).toBe(202);
    expect(retried.body.data).toMatchObject({ status: 'pending', next_attempt_at: expect.any(String) });
    expect(await deliverAll()).toEqual(['delivered']);
    expect((await deliveriesOf(webhook.id, '?status=delivered')).data[0].attempts).toHaveLength(4);
  });

  it('disables an endpoint after 50 failed tries in a row and holds its deliveries; a success starts the count again', async () => {
    const webhook = await createWebhook();
    receiver.reply(...Array.from({ length: 30 }, () => ({ status: 500 })), { status: 200 }, { status: 500 });
    for (let n = 0; n < 82; n += 1) await createLocation({ name: `Store ${n}` });
    // Each location has its own order, so every first try is due at once: 30 fail, one succeeds, then 50 fail.
    const results = await deliverAll();
    expect(results.filter((result) => result === 'delivered')).toHaveLength(1);
    expect(results).toHaveLength(81);
    const endpoint = (await call(server, 'GET', `${webhooksPath()}/${webhook.id}`, { token: token() })).body.data;
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabled_reason).toBe('50 tries failed in a row (the last: HTTP 500).');
    // The one location not tried yet waits with the others for the endpoint to be enabled again.
    const pending = await deliveriesOf(webhook.id, '?status=pending&limit=100');
    expect(pending.meta.total).toBe(81);
    expect(pending.data.every((entry: { next_attempt_at: string | null }) => entry.next_attempt_at === null)).toBe(
      true,
    );
  });

  it('treats a redirect, a slow answer and a long answer as the receiver gave them', async () => {
    const webhook = await createWebhook();
    receiver.reply({ status: 302, headers: { location: 'https://elsewhere.example/hook' } }, 'hang', {
      status: 200,
      body: 'x'.repeat(5000),
    });
    await createLocation();
    await createLocation({ name: 'Second' });
    await createLocation({ name: 'Third' });
    expect(await deliverAll()).toEqual(['retrying', 'retrying', 'delivered']);
    const log = (await deliveriesOf(webhook.id)).data;
    const attempts = log.map(
      (entry: { attempts: { error: string | null; status_code: number | null; response_body: string | null }[] }) =>
        entry.attempts[0],
    );
    expect(attempts[2]).toMatchObject({
      status_code: 302,
      error: 'redirects are not followed (HTTP 302 to https://elsewhere.example/hook)',
    });
    expect(attempts[1]).toMatchObject({ status_code: null, error: 'no answer within 400 ms' });
    expect(attempts[0]).toMatchObject({ status_code: 200, error: null });
    expect(attempts[0].response_body).toHaveLength(1024);
  });

  it('sends a test ping at once and answers with its one try', async () => {
    const webhook = await createWebhook({ enabled: false });
    const response = await call(server, 'POST', `${webhooksPath()}/${webhook.id}/test`, { token: token() });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      event_type: 'ping',
      status: 'delivered',
      attempts: [{ status_code: 200, error: null }],
    });
    const [ping] = receiver.received;
    if (!ping) throw new Error('no ping received');
    expect(receiver.verify(ping, webhook.secret)).toBe(true);
    expect(ping.payload).toEqual({
      type: 'ping',
      timestamp: expect.any(String),
      data: {
        webhook_id: webhook.id,
        message: expect.any(String),
        actor: { type: 'token', id: owner.account.token.row.public_id },
      },
    });
    expect(ping.id).toBe(response.body.data.event_id);
    // The log shows the body sent, byte for byte as the receiver got it.
    expect(response.body.data.request_body).toBe(ping.body);
    expect((await deliveriesOf(webhook.id)).data[0].request_body).toBe(ping.body);

    receiver.reply({ status: 404 });
    const failed = await call(server, 'POST', `${webhooksPath()}/${webhook.id}/test`, { token: token() });
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      attempts: [{ status_code: 404, error: 'HTTP 404' }],
    });
    expect(await deliverAll()).toEqual([]);
    const feed = await call(server, 'GET', `/api/v2/projects/${owner.account.project.public_id}/events`, {
      token: token(),
    });
    expect(feed.body.data).toEqual([]);
  });

  it('signs with the old secret as well for a day after a rotation', async () => {
    const webhook = await createWebhook();
    const rotated = await call(server, 'POST', `${webhooksPath()}/${webhook.id}/rotate-secret`, { token: token() });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(webhook.secret);
    await createLocation();
    await deliverAll();
    const [first] = receiver.received;
    if (!first) throw new Error('no delivery');
    expect(receiver.verify(first, secret)).toBe(true);
    expect(receiver.verify(first, webhook.secret)).toBe(true);
    expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(2);

    server.clock.now += 25 * 3_600_000;
    await createLocation({ name: 'Later' });
    await deliverAll();
    const later = receiver.received[1];
    if (!later) throw new Error('no second delivery');
    expect(receiver.verify(later, secret)).toBe(true);
    expect(receiver.verify(later, webhook.secret)).toBe(false);
  });

  it('sends only the event types an endpoint subscribed to', async () => {
    await createWebhook({ events: ['location.deleted'] });
    const location = await createLocation();
    await patchLocation(location.id, { phone: '9' });
    await call(server, 'DELETE', `${owner.locations}/${location.id}`, { token: token() });
    expect(await deliverAll()).toEqual(['delivered']);
    expect(receiver.received[0]?.payload).toMatchObject({
      type: 'location.deleted',
      data: { location: { id: location.id, phone: '9' }, changed: [] },
    });
  });

  it('takes a delivery claimed by a worker that died once its claim runs out', async () => {
    await createWebhook();
    await createLocation();
    const claimedAt = server.clock.now;
    const { claimDueDelivery } = await import('../../src/features/webhooks/webhooks.repository.ts');
    const claimed = await claimDueDelivery(server.database.db, {
      workerId: 'a-worker-that-died',
      now: claimedAt,
      until: claimedAt + delivery.leaseMs,
    });
    expect(claimed).toBeDefined();
    // The claiming worker never reports back: nothing is due until its claim ends, then another worker sends it.
    expect(await deliverAll()).toEqual([]);
    server.clock.now += delivery.leaseMs + 1;
    expect(await deliverAll()).toEqual(['delivered']);
    // The first worker's late report no longer counts: the delivery is settled once.
    if (claimed) expect(await attemptDelivery(delivery, claimed)).toBe('lost');
    expect(receiver.received).toHaveLength(2);
  });
});
