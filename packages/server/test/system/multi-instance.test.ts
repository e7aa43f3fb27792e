import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { windowAt } from '../../src/ratelimit/rules.ts';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { createLocationDirectly, INCLUDE_ALL } from '../support/factories.ts';
import { REDIS_URL, useTestRedis } from '../support/redis.ts';
import { call } from '../support/server.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database.ts';
import { geocodingSettled, readUntil } from '../support/wait.ts';

// Two `locator serve` processes on one PostgreSQL schema and one Redis, as a deployment behind a load balancer runs
// them: whatever one instance writes or counts, the other sees.

const RATE_LIMIT = 20;
const QUEUED_LOCATIONS = 30;

if (testDialect() !== 'postgres') {
  describe('several instances on one PostgreSQL and one Redis', () => {
    it.skip('runs only when the suite runs on PostgreSQL (TEST_DATABASE=postgres); several instances need it', () =>
      undefined);
  });
} else {
  describe('several instances on one PostgreSQL and one Redis', () => {
    const { keyPrefix } = useTestRedis();
    let database: TestDatabase | undefined;
    let handle: DatabaseHandle | undefined;
    let accounts = 0;
    const servers: ChildServer[] = [];

    /** A user of its own for each case, so each starts with a full rate-limit budget. */
    async function newAccount(): Promise<CreatedUser> {
      if (!handle) throw new Error('no database');
      accounts += 1;
      return servicesOn(handle.db).accounts.createUser({
        email: `instances${accounts}@example.com`,
        name: `Instances ${accounts}`,
      });
    }

    function instance(n: number): ChildServer {
      const server = servers[n % servers.length];
      if (!server) throw new Error('no server started');
      return server;
    }

    beforeAll(async () => {
      database = await createTestDatabase();
      handle = openDatabase(database.url);
      await migrateToLatest(handle);
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: keyPrefix,
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        GEOCODER: 'offline',
        // The offline data loads within the first job's bound; a busy machine must not turn that into a retry.
        GEOCODER_TIMEOUT_MS: '20000',
        GEOCODING_POLL_MS: '20',
      };
      servers.push(...(await Promise.all([startChildServer(env), startChildServer(env)])));
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await handle?.close();
      await database?.dispose();
    });

    it('reads on one instance what the other wrote, changed or deleted', async () => {
      const account = await newAccount();
      const token = account.token.token;
      const base = `/api/v2/projects/${account.project.public_id}/locations`;
      const created = await call(instance(0), 'POST', base, {
        token,
        body: { name: 'Harbour', city: 'Bergen', country: 'NO', lat: 60.39, lng: 5.32 },
      });
      expect(created.status, created.text).toBe(201);
      const id: string = created.body.data.id;

      // Write responses carry every include; the read asks for them all to compare like with like.
      const readOnB = await call(instance(1), 'GET', `${base}/${id}?${INCLUDE_ALL}`, { token });
      expect(readOnB.status).toBe(200);
      expect(readOnB.body.data).toEqual(created.body.data);

      const patched = await call(instance(1), 'PATCH', `${base}/${id}`, { token, body: { phone: '+47 55 00 00 00' } });
      expect(patched.status, patched.text).toBe(200);
      expect((await call(instance(0), 'GET', `${base}/${id}`, { token })).body.data.phone).toBe('+47 55 00 00 00');

      expect((await call(instance(0), 'DELETE', `${base}/${id}`, { token })).status).toBe(200);
      expect((await call(instance(1), 'GET', `${base}/${id}`, { token })).status).toBe(404);
    });

    it('share one rate-limit budget: requests alternating between them are refused right after the limit', async () => {
      // The processes read the real clock: a run that straddles a minute is repeated with a fresh user.
      let completed = false;
      for (let attempt = 0; attempt < 3 && !completed; attempt += 1) {
        const { token } = (await newAccount()).token;
        const windowBefore = windowAt(Date.now()).start;
        const answers: { status: number; remaining: string | null; limit: string | null }[] = [];
        for (let request = 0; request < RATE_LIMIT + 2; request += 1) {
          const response = await call(instance(request), 'GET', '/api/v2/user', { token });
          answers.push({
            status: response.status,
            remaining: response.headers.get('x-ratelimit-remaining'),
            limit: response.headers.get('x-ratelimit-limit'),
          });
        }
        if (windowAt(Date.now()).start !== windowBefore) continue;
        expect(answers).toEqual([
          ...Array.from({ length: RATE_LIMIT }, (_, i) => ({
            status: 200,
            remaining: String(RATE_LIMIT - 1 - i),
            limit: String(RATE_LIMIT),
          })),
          { status: 429, remaining: '0', limit: String(RATE_LIMIT) },
          { status: 429, remaining: '0', limit: String(RATE_LIMIT) },
        ]);
        completed = true;
      }
      expect(completed).toBe(true);
    });

    it('run each queued geocoding job once, whichever instance takes it', async () => {
      if (!handle) throw new Error('no database');
      const { db } = handle;
      const account = await newAccount();
      const cities = ['Nashville', 'Denver', 'Austin', 'Boston', 'Chicago', 'Seattle'];
      // Written without a geocoder, so every location waits in the queue while both instances' workers poll it.
      for (let n = 0; n < QUEUED_LOCATIONS; n += 1) {
        const input = {
          name: `Queued ${n}`,
          address_line_1: `${n} Main St`,
          city: cities[n % cities.length] ?? 'Denver',
          country: 'US',
        };
        await createLocationDirectly(db, account.project, input);
      }
      const jobsOfProject = () =>
        db
          .selectFrom('geocoding_jobs')
          .innerJoin('locations', 'locations.id', 'geocoding_jobs.location_id')
          .select(['geocoding_jobs.status', 'geocoding_jobs.attempts', 'locations.public_id'])
          .where('locations.project_id', '=', account.project.id)
          .execute();
      const jobs = await readUntil(jobsOfProject, geocodingSettled);
      expect(jobs).toHaveLength(QUEUED_LOCATIONS);
      // Every claim counts an attempt: a job run by both instances would show two.
      expect(jobs.map((job) => [job.status, job.attempts])).toEqual(jobs.map(() => ['done', 1]));
      const sample = jobs[0]?.public_id ?? '';
      const location = await call(
        instance(1),
        'GET',
        `/api/v2/projects/${account.project.public_id}/locations/${sample}`,
        { token: account.token.token },
      );
      expect(location.body.data).toMatchObject({
        geocoding: { status: 'done' },
        lat: expect.any(Number),
        lng: expect.any(Number),
      });
    });
  });
}
