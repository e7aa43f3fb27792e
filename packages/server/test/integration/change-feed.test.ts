import { describe, expect, it } from 'vitest';
import { processNextJob } from '../../src/features/locations/geocoding-jobs.ts';
import { pruneEventsBefore } from '../../src/features/webhooks/webhook-delivery.service.ts';
import { createCatalogAccount, fullLocationBody } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

// The change feed: every change of a project's locations and configuration, in commit order, with who made it.

const server = useTestServer({ env: { GEOCODER: 'offline' } });

interface FeedEvent {
  id: string;
  type: string;
  occurred_at: string;
  actor: { type: string; id: string };
  location_id: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
  data: { location?: Record<string, unknown>; setting?: Record<string, unknown> };
}

async function readFeed(projectId: string, token: string, query = '') {
  const response = await call<{
    data: FeedEvent[];
    links: { self: string; next: string };
    meta: {
      after: string | null;
      next_after: string | null;
      before: string | null;
      next_before: string | null;
      limit: number;
      has_more: boolean;
    };
  }>(server, 'GET', `/api/v2/projects/${projectId}/events${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('the change feed', () => {
  it('lists V2, V1, configuration and geocoding-queue changes in commit order, each with its actor', async () => {
    const owner = await createCatalogAccount(server);
    const { project, token, legacyToken } = owner.account;
    const v2 = { token: token.token };

    const created = await call(server, 'POST', owner.locations, { ...v2, body: fullLocationBody({ phone: null }) });
    const id = created.body.data.id as string;
    await call(server, 'PATCH', `${owner.locations}/${id}`, { ...v2, body: { phone: '+1 512 555 0199' } });
    // A write that changes nothing a body shows is no event.
    await call(server, 'PATCH', `${owner.locations}/${id}`, { ...v2, body: { phone: '+1 512 555 0199' } });
    const v1 = await call(server, 'POST', '/api/locations', {
      token: legacyToken.token,
      body: { name: 'From V1', city: 'Nashville', state: 'TN', country: 'US' },
    });
    const v1Id = v1.body.id as string;
    // Geocoded during the create; coordinates cleared by V1 queue it again.
    await call(server, 'PUT', `/api/locations/${v1Id}`, {
      token: legacyToken.token,
      body: { name: 'From V1', lat: 0, lng: 0 },
    });
    const filters = await call(server, 'GET', `/api/v2/projects/${project.public_id}/filters`, v2);
    const wifi = filters.body.data.find((filter: { name: string }) => filter.name === 'Wifi');
    await call(server, 'PATCH', `/api/v2/projects/${project.public_id}/filters/${wifi.id}`, {
      ...v2,
      body: { name: 'Free Wifi' },
    });
    // A generous timeout: this is about the feed, and a busy machine can keep the offline geocoder past 5 s.
    expect(
      await processNextJob(
        server.database.db,
        {
          geocoder: server.services.geocoder,
          clock: server.services.clock,
          maxAttempts: 3,
          backoffBaseMs: 1000,
          lockMs: 60_000,
          timeoutMs: 30_000,
        },
        'test',
      ),
    ).toBe('done');
    await call(server, 'DELETE', `/api/locations/${v1Id}`, { token: legacyToken.token });

    const feed = await readFeed(project.public_id, token.token);
    expect(feed.data.map((event) => [event.type, event.actor.type, event.actor.id])).toEqual([
      ['location.created', 'token', token.row.public_id],
      ['location.updated', 'token', token.row.public_id],
      ['location.created', 'legacy_token', legacyToken.row.public_id],
      ['location.updated', 'legacy_token', legacyToken.row.public_id],
      ['filter.updated', 'token', token.row.public_id],
      ['location.updated', 'token', token.row.public_id],
      ['location.updated', 'system', 'geocoding'],
      ['location.deleted', 'legacy_token', legacyToken.row.public_id],
    ]);
    const [first, phone, fromV1, cleared, rename, renamed, geocoded, deleted] = feed.data;
    expect(first).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      location_id: id,
      changes: null,
      data: { location: { id, phone: null } },
    });
    expect(first?.data.location).toHaveProperty('hours');
    expect(phone?.changes).toEqual({
      phone: { old: null, new: '+1 512 555 0199' },
      phone_valid: { old: null, new: true },
    });
    expect(rename).toMatchObject({
      location_id: null,
      changes: { name: { old: 'Wifi', new: 'Free Wifi' } },
      data: { setting: { id: wifi.id, name: 'Free Wifi' } },
    });
    // The rename changed the body of the location that shows the filter.
    expect(renamed?.location_id).toBe(id);
    expect(Object.keys(renamed?.changes ?? {})).toEqual(['filters']);
    // (Whether the create found coordinates in time or queued them, the PUT sets them to 0 and queues geocoding.)
    expect(cleared).toMatchObject({ location_id: fromV1?.location_id, changes: { lat: { new: 0 }, lng: { new: 0 } } });
    expect(geocoded?.location_id).toBe(fromV1?.location_id);
    expect(Object.keys(geocoded?.changes ?? {})).toEqual(
      expect.arrayContaining(['lat', 'lng', 'geocoding', 'time_zone']),
    );
    expect(deleted).toMatchObject({
      location_id: fromV1?.location_id,
      changes: null,
      data: { location: { name: 'From V1', geocoding: { status: 'done' } } },
    });
    const times = feed.data.map((event) => event.occurred_at);
    expect([...times].sort()).toEqual(times);
    expect(feed.meta).toEqual({
      after: null,
      next_after: deleted?.id,
      before: null,
      next_before: null,
      limit: 100,
      has_more: false,
    });
  });

  it('pages with after and limit, and follows from after=latest', async () => {
    const owner = await createCatalogAccount(server);
    const { project, token } = owner.account;
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const created = await call(server, 'POST', owner.locations, {
        token: token.token,
        body: fullLocationBody({ name: `Store ${n}` }),
      });
      ids.push(created.body.data.id);
    }
    const first = await readFeed(project.public_id, token.token, '?limit=2');
    expect(first.data.map((event) => event.location_id)).toEqual(ids.slice(0, 2));
    expect(first.meta).toMatchObject({ has_more: true, next_after: first.data[1]?.id });
    expect(first.links.next).toBe(
      `${server.url}/api/v2/projects/${project.public_id}/events?limit=2&after=${first.data[1]?.id}`,
    );
    const second = await readFeed(project.public_id, token.token, new URL(first.links.next).search);
    expect(second.data.map((event) => event.location_id)).toEqual(ids.slice(2, 4));
    const third = await readFeed(project.public_id, token.token, new URL(second.links.next).search);
    expect(third.data.map((event) => event.location_id)).toEqual(ids.slice(4));
    expect(third.meta.has_more).toBe(false);
    // Caught up: the next page is empty and points at the same place, ready to be polled.
    const caughtUp = await readFeed(project.public_id, token.token, new URL(third.links.next).search);
    expect(caughtUp.data).toEqual([]);
    expect(caughtUp.links.next).toBe(third.links.next);

    const latest = await readFeed(project.public_id, token.token, '?after=latest');
    expect(latest).toMatchObject({ data: [], meta: { next_after: third.data[0]?.id } });
    await call(server, 'DELETE', `${owner.locations}/${ids[0]}`, { token: token.token });
    const followed = await readFeed(project.public_id, token.token, new URL(latest.links.next).search);
    expect(followed.data.map((event) => [event.type, event.location_id])).toEqual([['location.deleted', ids[0]]]);
  });

  it("answers 410 for a cursor the project does not have, and 422 for a bad limit; another project's events stay apart", async () => {
    const owner = await createCatalogAccount(server);
    const other = await createCatalogAccount(server);
    await call(server, 'POST', other.locations, { token: other.account.token.token, body: fullLocationBody() });
    const othersEvent = (await readFeed(other.account.project.public_id, other.account.token.token)).data[0]?.id;
    const gone = await call(
      server,
      'GET',
      `/api/v2/projects/${owner.account.project.public_id}/events?after=${othersEvent}`,
      { token: owner.account.token.token },
    );
    expect(gone.status).toBe(410);
    expect(gone.body.message).toContain('after=latest');
    expect((await readFeed(owner.account.project.public_id, owner.account.token.token)).data).toEqual([]);
    for (const query of ['?limit=0', '?limit=501', '?limit=ten', '?since=1']) {
      const response = await call(server, 'GET', `/api/v2/projects/${owner.account.project.public_id}/events${query}`, {
        token: owner.account.token.token,
      });
      expect(response.status, query).toBe(422);
    }
  });

  it('keeps events EVENT_RETENTION_DAYS (90) days, then a cursor into them is 410', async () => {
    const owner = await createCatalogAccount(server);
    const { project, token } = owner.account;
    await call(server, 'POST', owner.locations, { token: token.token, body: fullLocationBody() });
    const [old] = (await readFeed(project.public_id, token.token)).data;
    server.clock.now += 89 * 86_400_000;
    await call(server, 'POST', owner.locations, { token: token.token, body: fullLocationBody({ name: 'Newer' }) });
    // What a server's worker does every hour: forget the events older than the retention of 90 days.
    const pruneExpiredEvents = () => pruneEventsBefore(server.database.db, server.clock.now - 90 * 86_400_000);
    expect(await pruneExpiredEvents()).toBe(0);
    server.clock.now += 2 * 86_400_000;
    expect(await pruneExpiredEvents()).toBeGreaterThanOrEqual(1);
    const kept = await readFeed(project.public_id, token.token);
    expect(kept.data.map((event) => event.data.location?.name)).toEqual(['Newer']);
    expect(
      (
        await call(server, 'GET', `/api/v2/projects/${project.public_id}/events?after=${old?.id}`, {
          token: token.token,
        })
      ).status,
    ).toBe(410);
  });
});
