import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { startChildServer } from '../support/child-server.ts';
import { createLocationDirectly, TEST_ACTOR } from '../support/factories.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { readUntil } from '../support/wait.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// Webhooks as production sends them: from the workers of `locator serve` processes, through a crash and across
// several instances sharing one database (on PostgreSQL they claim deliveries FOR UPDATE SKIP LOCKED).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A fresh database with a user and a webhook pointing at `receiver`; the servers are started by the test. */
async function arrange(
  receiver: WebhookReceiver,
): Promise<{ url: string; handle: DatabaseHandle; account: CreatedUser; secret: string }> {
  const database = await createTestDatabase();
  cleanups.push(() => database.dispose());
  const handle = openDatabase(database.url);
  cleanups.push(() => handle.close());
  await migrateToLatest(handle);
  const account = await servicesOn(handle.db).accounts.createUser({
    email: `hooks-${Math.random().toString(36).slice(2, 8)}@example.com`,
    name: 'Hooks',
  });
  const { secret } = await servicesOn(handle.db).webhooks.endpoints.create({
    project: refOfProject(account.project),
    input: { url: receiver.url, events: ['*'] },
  });
  return { url: database.url, handle, account, secret };
}

async function receiverFor(): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.close());
  return receiver;
}

const SERVER_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_MS: '20',
  GEOCODER: 'none',
  GEOCODING_WORKER: 'off',
};

describe('a crash between a commit and its delivery', () => {
  it('loses nothing: after kill -9 in the middle of sending, the restarted server delivers the event', async () => {
    const receiver = await receiverFor();
    const { url, handle, account, secret } = await arrange(receiver);
    // The receiver takes the first delivery and never answers: the server dies while it waits.
    receiver.reply('hang', { status: 200 });
    const env = { ...SERVER_ENV, DATABASE_URL: url, WEBHOOK_TIMEOUT_MS: '1000' };
    const first = await startChildServer(env);
    cleanups.push(() => first.stop());
    const response = await fetch(`${first.url}/api/v2/projects/${account.project.public_id}/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Riverside', city: 'Austin', lat: 30.25, lng: -97.75 }),
    });
    expect(response.status).toBe(201);
    await readUntil(
      async () => receiver.received.length,
      (count) => count >= 1,
      { tries: 100, intervalMs: 50 },
    );
    expect(receiver.received).toHaveLength(1);
    await first.crash();

    const second = await startChildServer(env);
    cleanups.push(() => second.stop());
    // Its claim (the timeout and a margin) runs out, then the other process sends it again.
    const deliveries = await readUntil(
      () => handle.db.selectFrom('webhook_deliveries').select(['status', 'tries']).execute(),
      (rows) => rows.every((row) => row.status === 'delivered'),
      { tries: 150, intervalMs: 100 },
    );
    expect(deliveries).toEqual([{ status: 'delivered', tries: 2 }]);
    expect(receiver.received).toHaveLength(2);
    const [lost, delivered] = receiver.received;
    expect(delivered?.id).toBe(lost?.id);
    if (delivered) expect(receiver.verify(delivered, secret)).toBe(true);
    expect(delivered?.payload).toMatchObject({ type: 'location.created', data: { location: { name: 'Riverside' } } });
  });
});

describe('two server processes on one database', () => {
  it('deliver each event once, each location in order', async () => {
    const receiver = await receiverFor();
    const { url, handle, account, secret } = await arrange(receiver);
    // Slow enough that the processes' workers overlap while they send.
    receiver.reply({ status: 200, delayMs: 30 });
    const project = refOfProject(account.project);
    const locations: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const created = await createLocationDirectly(handle.db, account.project, {
        name: `Store ${n}`,
        city: 'Austin',
        lat: 30.2,
        lng: -97.7,
      });
      locations.push(created.record.public_id);
      for (let version = 1; version <= 4; version += 1) {
        await servicesOn(handle.db).locations.update({
          project,
          key: { publicId: created.record.public_id },
          mode: 'patch',
          input: { phone: String(version) },
          policy: { legacyLocationType: false },
          actor: TEST_ACTOR,
        });
      }
    }
    const env = { ...SERVER_ENV, DATABASE_URL: url, WEBHOOK_CONCURRENCY: '4' };
    const servers = await Promise.all([startChildServer(env), startChildServer(env)]);
    for (const started of servers) cleanups.push(() => started.stop());

    const rows = await readUntil(
      () => handle.db.selectFrom('webhook_deliveries').select(['status', 'tries']).execute(),
      (deliveries) => deliveries.every((delivery) => delivery.status === 'delivered'),
      { tries: 300, intervalMs: 100 },
    );
    expect(rows).toHaveLength(40);
    // Every claim counts a try: a delivery sent twice would show two.
    expect(rows.map((row) => [row.status, row.tries])).toEqual(rows.map(() => ['delivered', 1]));
    expect(receiver.received).toHaveLength(40);
    expect(new Set(receiver.received.map((received) => received.id)).size).toBe(40);
    expect(receiver.received.every((received) => receiver.verify(received, secret))).toBe(true);
    for (const id of locations) {
      const ofLocation = receiver.received.filter((received) => received.payload.data.location.id === id);
      expect(ofLocation.map((received) => [received.payload.type, received.payload.data.location.phone])).toEqual([
        ['location.created', null],
        ['location.updated', '1'],
        ['location.updated', '2'],
        ['location.updated', '3'],
        ['location.updated', '4'],
      ]);
    }
  });
});
