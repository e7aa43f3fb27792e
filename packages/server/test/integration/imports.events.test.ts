import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DeliveryContext, deliverNext } from '../../src/features/webhooks/webhook-delivery.service.ts';
import { type CatalogAccount, createCatalogAccount, INCLUDE_ALL } from '../support/factories.ts';
import { importFile, NDJSON } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// What an import tells the change feed and webhooks: each location it creates, changes or deletes, with the import as
// the actor, then `import.completed` with its summary. A dry run tells nothing; a rolled-back atomic import only that
// it ended.

const server = useTestServer({ importWorker: true, env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
let receiver: WebhookReceiver;
let delivery: DeliveryContext;
let owner: CatalogAccount;
let projectId: string;
let token: string;

interface FeedEvent {
  id: string;
  type: string;
  actor: { type: string; id: string };
  location_id: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
  data: { location?: Record<string, unknown>; import?: Record<string, unknown> };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  delivery = server.services.webhooks.deliveryContext;
});
afterAll(async () => receiver.close());
beforeEach(async () => {
  await server.database.db.deleteFrom('webhook_endpoints').execute();
  receiver.received.length = 0;
  owner = await createCatalogAccount(server);
  projectId = owner.account.project.public_id;
  token = owner.account.token.token;
});

const run = (file: string, query = '') => importFile(server, { token, projectId, file, query });

async function feedAfter(after?: string): Promise<FeedEvent[]> {
  const response = await call(
    server,
    'GET',
    `/api/v2/projects/${projectId}/events?limit=500${after ? `&after=${after}` : ''}`,
    { token },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data as FeedEvent[];
}

const summaryOf = (events: FeedEvent[]) =>
  events.map((event) => [event.type, event.actor.type === 'import' ? event.actor.id : event.actor.type]);

describe('the events of an import', () => {
  it('records each created, updated and deleted location with the import as actor, then import.completed', async () => {
    const first = await run(
      'external_id,name,city,lat,lng,phone\nA,Alpha,Austin,30.27,-97.74,\nB,Beta,Austin,30.28,-97.75,\nC,Gamma,Austin,30.29,-97.76,\n',
    );
    expect(first.report).toMatchObject({ created: 3 });
    // The import's changes name the import; the import names who started it.
    expect(first.created_by).toEqual({ type: 'token', id: owner.account.token.row.public_id });
    const afterFirst = await feedAfter();
    expect(summaryOf(afterFirst)).toEqual([
      ['location.created', first.id],
      ['location.created', first.id],
      ['location.created', first.id],
      ['import.completed', first.id],
    ]);
    const alpha = afterFirst[0];
    expect(alpha).toMatchObject({
      location_id: expect.stringMatching(/^loc_/),
      changes: null,
      data: { location: { external_id: 'A', name: 'Alpha', phone: null } },
    });
    // The location's V2 body with every include, as a read of it answers.
    const read = await call(server, 'GET', `${owner.locations}/${alpha?.location_id}?${INCLUDE_ALL}`, { token });
    expect(alpha?.data.location).toEqual(read.body.data);
    const completed = afterFirst[3];
    expect(completed).toMatchObject({ location_id: null, changes: null });
    expect(completed?.data.import).toEqual({
      ...first,
      report: { created: 3, updated: 0, unchanged: 0, deleted: 0, failed: 0, geocoding_queued: 0, unknown_columns: [] },
    });

    // A: changed; B: unchanged (no event); C: missing from the file, deleted; D: new.
    const second = await run(
      'external_id,name,city,lat,lng,phone\nA,Alpha,Austin,30.27,-97.74,+1 512 555 0100\nB,Beta,Austin,30.28,-97.75,\nD,Delta,Austin,30.3,-97.7,\n',
      'delete_missing=1',
    );
    expect(second.report).toMatchObject({ created: 1, updated: 1, unchanged: 1, deleted: 1 });
    const afterSecond = await feedAfter(completed?.id);
    expect(summaryOf(afterSecond)).toEqual([
      ['location.updated', second.id],
      ['location.created', second.id],
      ['location.deleted', second.id],
      ['import.completed', second.id],
    ]);
    const [updated, created, deleted] = afterSecond;
    expect(updated).toMatchObject({
      location_id: alpha?.location_id,
      changes: { phone: { old: null, new: '+1 512 555 0100' } },
    });
    expect(created?.data.location).toMatchObject({ external_id: 'D', name: 'Delta' });
    expect(deleted).toMatchObject({
      location_id: afterFirst[2]?.location_id,
      changes: null,
      data: { location: { external_id: 'C', name: 'Gamma' } },
    });
  });

  it('tells each location as a read of it answers, every attachment included, when created and when changed', async () => {
    const rows = (...bodies: Record<string, unknown>[]) => `${bodies.map((body) => JSON.stringify(body)).join('\n')}\n`;
    const ndjson = (file: string) => importFile(server, { token, projectId, file, contentType: NDJSON });
    const place = { city: 'Austin', lat: 30.27, lng: -97.74 };
    const first = await ndjson(
      rows(
        {
          external_id: 'A',
          name: 'Alpha',
          ...place,
          location_type: 'Outlet',
          marker: 'Blue',
          hours: { mon: '09:00-17:00', sat: 'closed' },
          special_hours: [{ date: '2026-12-24', hours: '09:00-12:00' }],
          filters: ['Parking', 'Wifi'],
          fields: { Floor: '2', Manager: 'Ann' },
          callsToAction: { Book: 'https://book.example', 'Order online': 'https://order.example' },
        },
        { external_id: 'B', name: 'Beta', ...place, filters: ['Accessible'], fields: { Manager: 'Bo' } },
        { external_id: 'C', name: 'Gamma', ...place },
      ),
    );
    expect(first.report).toMatchObject({ created: 3, failed: 0 });
    const tellsWhatIsRead = async (events: FeedEvent[]) => {
      for (const event of events) {
        const read = await call(server, 'GET', `${owner.locations}/${event.location_id}?${INCLUDE_ALL}`, { token });
        expect(event.data.location).toEqual(read.body.data);
      }
    };
    const created = await feedAfter();
    expect(summaryOf(created).slice(0, 3)).toEqual(Array(3).fill(['location.created', first.id]));
    await tellsWhatIsRead(created.slice(0, 3));
    // A: one field removed, one call to action changed, a filter dropped, other hours, the type back to the default.
    // B: hours added, every field removed, another marker. C: everything attached at once.
    const second = await ndjson(
      rows(
        {
          external_id: 'A',
          name: 'Alpha',
          ...place,
          location_type: null,
          marker: 'Blue',
          hours: { mon: '10:00-18:00', sun: '12:00-16:00' },
          filters: ['Wifi'],
          fields: { Floor: null },
          callsToAction: { Book: 'https://book.example/2' },
        },
        { external_id: 'B', name: 'Beta', ...place, marker: 'Red', hours: { tue: '08:00-12:00' }, fields: {} },
        {
          external_id: 'C',
          name: 'Gamma',
          ...place,
          hours: { fri: '09:00-21:00' },
          filters: ['Wifi', 'Accessible'],
          fields: { Manager: 'Cy' },
          callsToAction: { 'Order online': 'https://order.example/c' },
        },
      ),
    );
    expect(second.report).toMatchObject({ updated: 3, failed: 0 });
    const updated = await feedAfter(created.at(-1)?.id);
    expect(summaryOf(updated).slice(0, 3)).toEqual(Array(3).fill(['location.updated', second.id]));
    await tellsWhatIsRead(updated.slice(0, 3));
  });

  it('records nothing for a dry run', async () => {
    // Coordinates in every row: no geocoding that could add events of its own meanwhile.
    await run('external_id,name,city,lat,lng\nA,Alpha,Austin,30.27,-97.74\nC,Gamma,Austin,30.29,-97.76\n');
    const before = await feedAfter();
    const dry = await run(
      'external_id,name,city,lat,lng\nA,Alpha Two,Austin,30.27,-97.74\nB,Beta,Austin,30.28,-97.75\n',
      'dry_run=1&delete_missing=1',
    );
    expect(dry.report).toMatchObject({ created: 1, updated: 1, deleted: 1 });
    expect(await feedAfter()).toEqual(before);
  });

  it('records only import.completed for an atomic import that saved nothing', async () => {
    const failed = await run(
      'external_id,name,city,lat,lng\nA,Alpha,Austin,30,-97\nB,Beta,Austin,91,-97\n',
      'atomic=1',
    );
    expect(failed).toMatchObject({ status: 'failed', report: { failed: 1 } });
    const events = await feedAfter();
    expect(summaryOf(events)).toEqual([['import.completed', failed.id]]);
    expect(events[0]?.data.import).toMatchObject({
      id: failed.id,
      status: 'failed',
      atomic: true,
      error: failed.error,
      report: { created: 0, failed: 1 },
    });
    // The failed rows are the import's to list, not every delivery's to carry.
    expect(events[0]?.data.import?.report).not.toHaveProperty('errors');
  });

  it('delivers import.completed to the endpoints subscribed to it, signed, with the import as actor', async () => {
    const created = await call(server, 'POST', `/api/v2/projects/${projectId}/webhooks`, {
      token,
      body: { url: receiver.url, events: ['import.completed'] },
    });
    expect(created.status, created.text).toBe(201);
    const imported = await run('external_id,name,city,lat,lng\nA,Alpha,Austin,30.27,-97.74\n');
    for (let result = await deliverNext(delivery); result !== 'idle'; result = await deliverNext(delivery))
      expect(result).toBe('delivered');

    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    if (!received) throw new Error('one delivery expected');
    expect(receiver.verify(received, created.body.data.secret)).toBe(true);
    expect(received.payload).toEqual({
      type: 'import.completed',
      timestamp: expect.any(String),
      data: {
        import: expect.objectContaining({
          id: imported.id,
          status: 'done',
          report: expect.objectContaining({ created: 1 }),
        }),
        actor: { type: 'import', id: imported.id },
      },
    });
  });
});
