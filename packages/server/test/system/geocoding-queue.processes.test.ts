import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

import { startServer } from '../../src/server.ts';
import { startChildServer } from '../support/child-server.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { geocodingSettled, readUntil } from '../support/wait.ts';

// The geocoding queue as production runs it: worked off by the servers' own workers, shared by two `locator serve`
// processes and kept across a restart. How one job is run is tested in test/integration/geocoding-queue.test.ts.

const NASHVILLE = { name: 'Broadway', address_line_1: '100 Broadway', city: 'Nashville', state: 'TN', country: 'US' };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('two server processes on one database', () => {
  it('share the queue without ever running one job twice', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.dispose());
    const handle = openDatabase(database.url);
    cleanups.push(() => handle.close());
    await migrateToLatest(handle);
    const account = await servicesOn(handle.db).accounts.createUser({
      email: 'two-workers@example.com',
      name: 'Two workers',
    });
    const cities = ['Nashville', 'Denver', 'Austin', 'Boston', 'Chicago', 'Seattle'];
    for (let n = 0; n < 24; n += 1) {
      const city = cities[n % cities.length] ?? 'Denver';
      await createLocationDirectly(handle.db, account.project, {
        name: `Store ${n}`,
        address_line_1: `${n} Main St`,
        city,
        country: 'US',
      });
    }
    // The offline geocoder loads its data on its first call, within that call's bound; on a busy machine that can take
    // longer than the default bound, and a job timed out is rightly tried again later. This test is about sharing.
    const env = {
      DATABASE_URL: database.url,
      GEOCODER: 'offline',
      GEOCODER_TIMEOUT_MS: '20000',
      GEOCODING_POLL_MS: '20',
    };
    const servers = await Promise.all([startChildServer(env), startChildServer(env)]);
    for (const started of servers) cleanups.push(() => started.stop());
    const jobs = await readUntil(() => handle.db.selectFrom('geocoding_jobs').selectAll().execute(), geocodingSettled);
    expect(jobs).toHaveLength(24);
    // Every claim counts an attempt: a job run twice would show two.
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual(jobs.map(() => ['done', 1]));
    const located = await handle.db.selectFrom('locations').select(['geocoding_status']).execute();
    expect(located.map((row) => row.geocoding_status)).toEqual(Array(24).fill('done'));
  });
});

describe('the queue across a restart', () => {
  it('keeps pending jobs through a restart and the next server works them off', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.dispose());
    const env = {
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      GEOCODING_POLL_MS: '20',
    };
    const first = await startServer(loadConfig({ ...env, GEOCODER: 'none', GEOCODING_WORKER: 'off' }), {
      handleSignals: false,
    });
    const handle = openDatabase(database.url);
    await migrateToLatest(handle);
    const account = await servicesOn(handle.db).accounts.createUser({ email: 'restart@example.com', name: 'Restart' });
    await seedCatalog({ database: handle }, account.project);
    const response = await fetch(`${first.url}/api/v2/projects/${account.project.public_id}/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(NASHVILLE),
    });
    const created = ((await response.json()) as { data: { id: string; geocoding: { status: string } } }).data;
    expect(created.geocoding.status).toBe('pending');
    await first.stop();

    const second = await startServer(loadConfig({ ...env, GEOCODER: 'offline' }), { handleSignals: false });
    cleanups.push(() => second.stop());
    const readStatus = async () =>
      (
        await handle.db
          .selectFrom('locations')
          .select('geocoding_status')
          .where('public_id', '=', created.id)
          .executeTakeFirstOrThrow()
      ).geocoding_status;
    const status = await readUntil(readStatus, (current) => current !== 'pending', { tries: 200, intervalMs: 50 });
    await handle.close();
    expect(status).toBe('done');
  });
});
