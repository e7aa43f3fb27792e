import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test/support/webhook-receiver.ts';
import { LocatorApiError, V2Client } from '../src/index.ts';
import { locationBody, seededAccount, startTestServer, type TestServer } from './support/locator.ts';

// The change feed, webhook endpoints, publishable keys and imports through the client, against the real server.

let server: TestServer;
let receiver: WebhookReceiver;
let client: V2Client;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer({ importWorker: true, env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
  receiver = await startWebhookReceiver();
  const account = await seededAccount(server);
  client = new V2Client({ baseUrl: server.url, token: account.token.token });
  projectId = account.project.public_id;
});
afterAll(async () => {
  await receiver.close();
  await server.stop();
});

async function collect<Item>(items: AsyncIterable<Item>): Promise<Item[]> {
  const all: Item[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('V2Client: the change feed', () => {
  it('reads every event page by page in commit order, and resumes after a cursor', async () => {
    const first = await client.createLocation(projectId, locationBody({ name: 'Feed One' }));
    await client.createLocation(projectId, locationBody({ name: 'Feed Two' }));
    await client.updateLocation(projectId, first.id, { phone: '+1 512 555 0111' });
    await client.deleteLocation(projectId, first.id);

    const events = await collect(client.events(projectId, { limit: 2 }));
    expect(events.map((event) => [event.type, event.location_id === first.id])).toEqual([
      ['location.created', true],
      ['location.created', false],
      ['location.updated', true],
      ['location.deleted', true],
    ]);
    expect(events[2]?.changes).toEqual({ phone: { old: expect.anything(), new: '+1 512 555 0111' } });
    expect(await collect(client.events(projectId, { after: events[1]?.id }))).toEqual(events.slice(2));
    // Backwards, one location's history, a page of one at a time.
    const history = await collect(client.events(projectId, { before: 'latest', location: first.id, limit: 1 }));
    expect(history.map((event) => event.type)).toEqual(['location.deleted', 'location.updated', 'location.created']);

    const latest = await client.listEvents(projectId, { after: 'latest' });
    expect(latest).toMatchObject({ data: [], meta: { next_after: events[3]?.id, has_more: false } });
    await expect(collect(client.events(projectId, { after: 'evt_notoneofthisproject' }))).rejects.toMatchObject({
      status: 410,
    });
  });
});

describe('V2Client: webhook endpoints', () => {
  it('creates, tests, reads the log of, changes, re-keys and deletes an endpoint', async () => {
    const created = await client.webhooks.create(projectId, {
      url: receiver.url,
      events: ['location.created'],
      description: 'CRM',
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^whk_/),
      secret: expect.stringMatching(/^whsec_/),
      enabled: true,
      description: 'CRM',
    });
    expect((await client.webhooks.list(projectId)).map((webhook) => webhook.id)).toContain(created.id);
    expect(await client.webhooks.get(projectId, created.id)).not.toHaveProperty('secret');

    const ping = await client.webhooks.test(projectId, created.id);
    expect(ping).toMatchObject({ status: 'delivered' });
    const pinged = receiver.received.at(-1);
    expect(pinged?.payload.type).toBe('ping');
    expect(pinged && receiver.verify(pinged, created.secret)).toBe(true);
    const log = await client.webhooks.deliveries(projectId, created.id);
    expect(log.data.length).toBeGreaterThan(0);

    expect(await client.webhooks.update(projectId, created.id, { enabled: false })).toMatchObject({ enabled: false });
    const rotated = await client.webhooks.rotateSecret(projectId, created.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    await client.webhooks.delete(projectId, created.id);
    await expect(client.webhooks.get(projectId, created.id)).rejects.toBeInstanceOf(LocatorApiError);
  });
});

describe('V2Client: publishable keys', () => {
  it('creates a key for some origins, changes them and revokes it', async () => {
    const key = await client.publishableKeys.create(projectId, { origins: ['https://shop.example'] });
    expect(key).toMatchObject({
      key: expect.stringMatching(/^lpk_/),
      origins: ['https://shop.example'],
      revoked_at: null,
    });
    const search = () => fetch(`${server.url}/api/public/v1/search?lat=30.27&lng=-97.74&key=${key.key}`);
    expect((await search()).status).toBe(200);
    expect(await client.publishableKeys.update(projectId, key.id, { origins: [] })).toMatchObject({ origins: [] });
    await client.publishableKeys.revoke(projectId, key.id);
    expect(
      (await client.publishableKeys.list(projectId)).find((listed) => listed.id === key.id)?.revoked_at,
    ).not.toBeNull();
    expect((await search()).status).toBe(401);
  });
});

describe('V2Client: imports', () => {
  it('uploads a file, follows the import to its end and reads its report; a dry run changes nothing', async () => {
    const file = Buffer.from(
      'external_id,name,city,lat,lng\nIMP-1,Imported One,Austin,30.27,-97.74\nIMP-2,,Austin,30.28,-97.75\n',
    );
    const dry = await client.imports.start(projectId, file, { format: 'csv', dryRun: true });
    expect(dry).toEqual({ id: expect.stringMatching(/^imp_/), status: 'queued' });
    expect((await client.imports.wait(projectId, dry.id, { intervalMs: 50 })).report).toMatchObject({
      created: 1,
      failed: 1,
    });
    expect(await collect(client.locations(projectId, { external_id: 'IMP-1' }))).toEqual([]);

    const started = await client.imports.start(projectId, file.toString('utf8'), { format: 'csv' });
    const ended = await client.imports.wait(projectId, started.id, { intervalMs: 50 });
    expect(ended).toMatchObject({
      status: 'done',
      dry_run: false,
      report: { created: 1, failed: 1, errors: [{ row: 3, external_id: 'IMP-2' }] },
    });
    const [imported] = await collect(client.locations(projectId, { external_id: 'IMP-1' }));
    expect(imported).toMatchObject({ name: 'Imported One' });
  });
});
