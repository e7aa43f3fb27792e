import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { runLocator } from '../support/cli.ts';
import { createLocationDirectly } from '../support/factories.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let handle: DatabaseHandle;
let account: CreatedUser;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(database.url);
  await migrateToLatest(handle);
  account = await servicesOn(handle.db).accounts.createUser({ email: 'bulk@example.com', name: 'Bulk' });
  const places = [
    { name: 'A', city: 'Nashville', state: 'TN', country: 'US' },
    { name: 'B', city: 'München', country: 'DE' },
    { name: 'C', postcode: '90210', country: 'US' },
    { name: 'D', city: 'Qwxzzy Flats', country: 'ZZ' },
    { name: 'E', city: 'Denver', state: 'CO', country: 'US', lat: 39.7, lng: -105 },
  ];
  // Created without a geocoder, as when the create-time attempt timed out: all but the pinned one wait in the queue.
  for (const place of places) await createLocationDirectly(handle.db, account.project, place);
});
afterAll(async () => {
  await handle.close();
  await database.dispose();
});

it('geocodes the missing coordinates of a project in bulk, with a summary, and closes their queued jobs', async () => {
  const env = { DATABASE_URL: database.url, GEOCODER: 'offline' };
  const geocoded = await runLocator(['geocode', '--project', account.project.public_id, '--missing', '--json'], {
    env,
  });
  expect(geocoded.code, geocoded.stderr).toBe(0);
  const summary = JSON.parse(geocoded.stdout);
  expect(summary).toMatchObject({ total: 4, done: 3, failed: 1, byPrecision: { city: 2, postcode: 1 } });
  expect(summary.failures).toEqual([
    expect.objectContaining({ name: 'D', reason: expect.stringContaining('no offline result') }),
  ]);
  const rows = await handle.db
    .selectFrom('locations')
    .select(['name', 'lat', 'geocoding_status'])
    .orderBy('id')
    .execute();
  expect(rows.map((row) => row.geocoding_status)).toEqual(['done', 'done', 'done', 'pending', 'manual']);
  expect(rows[4]?.lat).toBe(39.7);
  const jobs = await handle.db.selectFrom('geocoding_jobs').select('status').execute();
  expect(jobs.filter((job) => job.status === 'pending')).toHaveLength(1);

  const unknown = await runLocator(['geocode', '--project', 'prj_nope'], { env });
  expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('No project with ID prj_nope') });
});
