import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type GeocodingQueueOptions,
  type JobOutcome,
  processNextJob,
} from '../../src/features/locations/geocoding-jobs.ts';
import type { GeocodeQuery, Geocoder } from '../../src/geocoding/geocoder.ts';
import { createOfflineGeocoder } from '../../src/geocoding/offline.geocoder.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';

const NASHVILLE = { name: 'Broadway', address_line_1: '100 Broadway', city: 'Nashville', state: 'TN', country: 'US' };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const started = await startTestServer({ env });
  cleanups.push(() => started.stop());
  return started;
}

function queueOptions(
  target: TestServer,
  geocoder: Geocoder,
  overrides: Partial<GeocodingQueueOptions> = {},
): GeocodingQueueOptions {
  return {
    geocoder,
    clock: () => target.clock.now,
    maxAttempts: 3,
    backoffBaseMs: 1000,
    lockMs: 60_000,
    timeoutMs: 5000,
    ...overrides,
  };
}

/** The real offline geocoder, counting the calls it gets for each address. */
function countingOffline() {
  const inner = createOfflineGeocoder();
  const calls = new Map<string, number>();
  const geocoder: Geocoder = {
    name: 'offline',
    geocode: (query: GeocodeQuery, options) => {
      const key = `${query.address_line_1}|${query.city}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return inner.geocode(query, options);
    },
  };
  return { geocoder, calls };
}

async function jobsOf(target: TestServer) {
  return target.database.db.selectFrom('geocoding_jobs').selectAll().orderBy('id').execute();
}

async function createPending(
  target: TestServer,
  token: string,
  projectId: string,
  body: Record<string, unknown> = NASHVILLE,
) {
  const response = await call(target, 'POST', `/api/v2/projects/${projectId}/locations`, { token, body });
  expect(response.status).toBe(201);
  return response.body.data;
}

describe('geocoding at create time', () => {
  it('fills in missing coordinates offline, with their precision', async () => {
    const target = await server({ GEOCODER: 'offline' });
    // The offline data loads on first use, which can take longer than a request's bound on a busy machine.
    await target.services.geocoder.geocode({ city: 'Denver', country: 'US' });
    const account = await createAccount(target);
    const location = await createPending(target, account.token.token, account.project.public_id);
    expect(location.lat).toBeCloseTo(36.17, 1);
    expect(location.lng).toBeCloseTo(-86.78, 1);
    expect(location.geocoding).toEqual({ status: 'done', precision: 'city' });
    expect(location.time_zone).toBe('America/Chicago');
    expect(await jobsOf(target)).toEqual([]);
  });

  it('keeps coordinates a user gives (manual) and geocodes zero ones', async () => {
    const target = await server({ GEOCODER: 'offline' });
    await target.services.geocoder.geocode({ city: 'Denver', country: 'US' });
    const account = await createAccount(target);
    const pinned = await createPending(target, account.token.token, account.project.public_id, {
      ...NASHVILLE,
      lat: 36.1,
      lng: -86.7,
    });
    expect(pinned).toMatchObject({ lat: 36.1, lng: -86.7, geocoding: { status: 'manual', precision: null } });
    const zero = await createPending(target, account.token.token, account.project.public_id, {
      ...NASHVILLE,
      lat: 0,
      lng: 0,
    });
    expect(zero.geocoding.status).toBe('done');
    expect(zero.lat).not.toBe(0);
  });

  describe('with a provider that hangs', () => {
    let hanging: Server;
    let hangingUrl: string;
    let requests = 0;
    beforeAll(async () => {
      hanging = createServer(() => {
        requests += 1; // never answers
      });
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    });

    it('still creates the location within its bound and queues a job in the same write', async () => {
      const target = await server({ GEOCODER: 'nominatim', NOMINATIM_URL: hangingUrl, GEOCODER_TIMEOUT_MS: '300' });
      const account = await createAccount(target);
      const started = Date.now();
      const location = await createPending(target, account.token.token, account.project.public_id);
      // A loose bound: the point is that the request does not wait for the provider.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(requests).toBeGreaterThan(0);
      expect(location).toMatchObject({ lat: null, lng: null, geocoding: { status: 'pending', precision: null } });
      expect(await jobsOf(target)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    });
  });
});

describe('the geocoding queue', () => {
  it('queues missing coordinates on update, and a newer address supersedes the pending job', async () => {
    const target = await server({ GEOCODER: 'none' });
    const account = await createAccount(target);
    const location = await createPending(target, account.token.token, account.project.public_id);
    const path = `/api/v2/projects/${account.project.public_id}/locations/${location.id}`;
    await call(target, 'PATCH', path, { token: account.token.token, body: { city: 'Denver', state: 'CO' } });
    await call(target, 'PATCH', path, { token: account.token.token, body: { address_line_1: '1 Main St' } });
    const jobs = await jobsOf(target);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.status).toBe('pending');

    const { geocoder } = countingOffline();
    expect(await processNextJob(target.database.db, queueOptions(target, geocoder), 'w1')).toBe('done');
    const saved = (await call(target, 'GET', path, { token: account.token.token })).body.data;
    expect(saved.lat).toBeCloseTo(39.74, 1);
    expect(saved.geocoding).toEqual({ status: 'done', precision: 'city' });
    expect(await processNextJob(target.database.db, queueOptions(target, geocoder), 'w1')).toBe('idle');
  });

  it('brings the time zone of the coordinates it finds, unless a user set one', async () => {
    const target = await server({ GEOCODER: 'none' });
    const account = await createAccount(target);
    const derived = await createPending(target, account.token.token, account.project.public_id);
    const chosen = await createPending(target, account.token.token, account.project.public_id, {
      ...NASHVILLE,
      time_zone: 'Europe/Berlin',
    });
    expect([derived.time_zone, chosen.time_zone]).toEqual([null, 'Europe/Berlin']);
    const { geocoder } = countingOffline();
    expect(await processNextJob(target.database.db, queueOptions(target, geocoder), 'w1')).toBe('done');
    expect(await processNextJob(target.database.db, queueOptions(target, geocoder), 'w1')).toBe('done');
    const zoneOf = async (id: string) =>
      (
        await call(target, 'GET', `/api/v2/projects/${account.project.public_id}/locations/${id}`, {
          token: account.token.token,
        })
      ).body.data.time_zone;
    expect(await zoneOf(derived.id)).toBe('America/Chicago');
    expect(await zoneOf(chosen.id)).toBe('Europe/Berlin');
  });

  it('never overwrites a pin a user set while the job was pending', async () => {
    const target = await server({ GEOCODER: 'none' });
    const account = await createAccount(target);
    const location = await createPending(target, account.token.token, account.project.public_id);
    const path = `/api/v2/projects/${account.project.public_id}/locations/${location.id}`;
    const pinned = await call(target, 'PATCH', path, { token: account.token.token, body: { lat: 36.2, lng: -86.9 } });
    expect(pinned.body.data.geocoding).toEqual({ status: 'manual', precision: null });
    const { geocoder, calls } = countingOffline();
    expect(await processNextJob(target.database.db, queueOptions(target, geocoder), 'w1')).toBe('skipped');
    expect(calls.size).toBe(0);
    const saved = (await call(target, 'GET', path, { token: account.token.token })).body.data;
    expect(saved).toMatchObject({ lat: 36.2, lng: -86.9 });
    expect((await jobsOf(target))[0]).toMatchObject({
      status: 'skipped',
      last_error: 'coordinates were set by a user',
    });
  });

  it('retries a failing provider with growing backoff, then gives up with the reason recorded', async () => {
    const target = await server({ GEOCODER: 'none' });
    const account = await createAccount(target);
    const location = await createPending(target, account.token.token, account.project.public_id);
    const failing: Geocoder = {
      name: 'unreachable',
      geocode: async () => {
        throw new Error('connection refused');
      },
    };
    const options = queueOptions(target, failing, { maxAttempts: 3, backoffBaseMs: 1000 });
    const outcomes: (JobOutcome | 'idle')[] = [];
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      outcomes.push(await processNextJob(target.database.db, options, 'w1'));
      expect(await processNextJob(target.database.db, options, 'w1')).toBe('idle');
      const [job] = await jobsOf(target);
      if (job?.status === 'pending') {
        const wait = Date.parse(job.run_after) - target.clock.now;
        waits.push(wait);
        target.clock.now += wait;
      }
    }
    expect(outcomes).toEqual(['retrying', 'retrying', 'failed']);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(2000);
    expect((await jobsOf(target))[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: expect.stringContaining('connection refused'),
    });
    const saved = await call(target, 'GET', `/api/v2/projects/${account.project.public_id}/locations/${location.id}`, {
      token: account.token.token,
    });
    expect(saved.body.data.geocoding.status).toBe('failed');
  });

  it('records an address with no answer as failed without retrying', async () => {
    const target = await server({ GEOCODER: 'none' });
    const account = await createAccount(target);
    await createPending(target, account.token.token, account.project.public_id, {
      name: 'Nowhere',
      city: 'Qwxzzy',
      country: 'ZZ',
    });
    const { geocoder } = countingOffline();
    expect(await processNextJob(target.database.db, queueOptions(target, geocoder), 'w1')).toBe('failed');
    expect((await jobsOf(target))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringContaining('no offline result'),
    });
  });
});
