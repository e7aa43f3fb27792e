import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { newPublicId } from '../../src/domain/ids.ts';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { systemClock } from '../../src/domain/time.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { processNextJob } from '../../src/features/locations/geocoding-jobs.ts';
import type { CopySummary } from '../../src/features/operations/database-copy.service.ts';
import { createGeocoder } from '../../src/geocoding/create-geocoder.ts';
import { createNoneGeocoder } from '../../src/geocoding/none.geocoder.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { type CliResult, runLocator } from '../support/cli.ts';
import { INCLUDE_ALL, TEST_ACTOR } from '../support/factories.ts';
import { call } from '../support/server.ts';
import { servicesOn } from '../support/services.ts';
import {
  createPostgresSchema,
  createSqliteFile,
  postgresReachable,
  postgresServerUrl,
  type TestDatabase,
} from '../support/test-database.ts';

// `locator copy` moves a deployment between databases. A SQLite database holding every kind of row the product writes
// is copied to PostgreSQL with the real binary, served from there, copied again (refused, then forced) and copied
// back to SQLite, and every copy must report the same counts and checksums as the original.

const SLOW = 120_000;

/** Runs the real `locator` binary. */
const locator = (...args: string[]) => runLocator(args, { timeoutMs: SLOW });

function summaryOf(result: CliResult): CopySummary {
  expect(result.stdout.trim().split('\n'), result.stderr).toHaveLength(1);
  return JSON.parse(result.stdout) as CopySummary;
}

const checksums = (summary: CopySummary) =>
  Object.fromEntries(summary.tables.map((table) => [table.table, [table.sourceRows, table.sourceChecksum]]));

/** Starts the real server on a database, serving it as production would. */
async function serve(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    GEOCODER: 'none',
    GEOCODING_WORKER: 'off',
    WEBHOOK_WORKER: 'off',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    IMPORT_WORKER: 'off',
    PUBLIC_URL: 'https://locator.example.com',
    ...env,
  });
  return startServer(config, { handleSignals: false });
}

/** Text and numbers that tend to change on the way between databases: quotes, accents, emoji, line breaks, doubles. */
const AWKWARD_NAME = 'Café "Zürich" — 寿司 🍣\nline two\t\\';
const AWKWARD_LAT = 59.91386812345679;
const AWKWARD_LNG = -0.000123456789012345;

/**
 * Fills a SQLite database with every kind of row: users with projects, V2 and legacy tokens (one revoked, one
 * expiring), every project setting, an image, locations with hours, filters, fields and calls to action, idempotency
 * keys, geocoding jobs (pending and failed), geocode cache rows, enough of them to take several batches, and the
 * events of all those changes with a webhook's deliveries and a logged try.
 */
async function seed(databaseUrl: string): Promise<{ account: CreatedUser; locationIds: string[] }> {
  const handle = openDatabase(databaseUrl);
  await migrateToLatest(handle);
  const server = await serve(databaseUrl);
  try {
    const { db } = handle;
    const account = await servicesOn(db).accounts.createUser({ email: 'owner@example.com', name: 'Ówner' });
    const free = await servicesOn(db).accounts.createUser({
      email: 'free@example.com',
      name: 'Free',
      plan: 'free',
      password: 'a long enough password',
    });
    // The people side: a session, an invitation and a password-reset link.
    await servicesOn(db).people.startSession(free.user.id);
    await servicesOn(db).team.invite(refOfProject(account.project), {
      email: 'invited@example.com',
      role: 'editor',
      invitedBy: account.user.id,
      baseUrl: 'http://localhost:8080',
    });
    await servicesOn(db).people.makeResetLink('free@example.com', 'http://localhost:8080');
    // The first run's claim, a passkey and a pending passkey challenge (a browser's authenticator makes the real ones).
    const now = new Date().toISOString();
    await db.insertInto('first_run').values({ id: 1, created_at: now }).execute();
    await db
      .insertInto('passkeys')
      .values({
        public_id: newPublicId('passkey'),
        user_id: free.user.id,
        credential_id: 'Y3JlZGVudGlhbA',
        public_key: 'cHVibGljIGtleQ',
        counter: 3,
        transports: '["internal"]',
        name: AWKWARD_NAME,
        created_at: now,
        last_used_at: null,
      })
      .execute();
    await db
      .insertInto('webauthn_challenges')
      .values({ challenge: 'Y2hhbGxlbmdl', purpose: 'register', user_id: free.user.id, expires_at: now })
      .execute();
    await servicesOn(db).accounts.createProject({ email: 'owner@example.com', name: 'Second', plan: 'plus' });
    await servicesOn(db).accounts.createToken({
      email: 'owner@example.com',
      name: 'expiring',
      expiresInMs: 86_400_000,
    });
    const revoked = await servicesOn(db).accounts.createToken({ email: 'owner@example.com', name: 'revoked' });
    await servicesOn(db).accounts.revokeToken(revoked.row.public_id);
    const token = account.token.token;
    const projectPath = `/api/v2/projects/${account.project.public_id}`;
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await call(server, 'POST', `${projectPath}/${path}`, { token, body, headers });
      expect(response.status, response.text).toBe(201);
      return response.body.data;
    };
    await post('location-types', { name: 'Store', priority: 1, default: true });
    await post('location-types', { name: 'Outlet', priority: 2, label: true });
    await post('markers', { name: 'Red', color: '#ff0000', default: true });
    await post('markers', { name: 'Blue', color: '#0000ff', icon_url: 'https://cdn.example.com/blue.svg' });
    for (const name of ['Wifi', 'Parking', 'Accessible']) await post('filters', { name });
    for (const name of ['Manager', 'Floor']) await post('fields', { name });
    for (const title of ['Order online', 'Book']) await post('calls-to-action', { title });
    // A webhook (port 9 of this machine: nothing answers, nothing leaves it), so every change below queues a delivery,
    // and a test ping that logs a failed try.
    const webhook = await post('webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['*'],
      description: AWKWARD_NAME,
    });
    expect((await call(server, 'POST', `${projectPath}/webhooks/${webhook.id}/test`, { token })).body.data.status).toBe(
      'failed',
    );
    await db
      .insertInto('images')
      .values({
        public_id: newPublicId('image'),
        project_id: account.project.id,
        name: 'storefront',
        url: 'https://cdn.example.com/storefront.jpg',
        created_at: new Date().toISOString(),
      })
      .execute();

    const locationIds: string[] = [];
    const full = {
      name: AWKWARD_NAME,
      address_line_1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
      display_address: 'Upstairs, 1 Main St',
      phone: '+1 512 555 0100',
      email: 'cafe@example.com',
      url: 'https://example.com/cafe',
      lat: AWKWARD_LAT,
      lng: AWKWARD_LNG,
      visible: false,
      location_type: 'Outlet',
      marker: 'Blue',
      cover: 'storefront',
      instagram: 'cafe',
      hours: {
        mon: '09:00-12:00,13:00-17:00',
        tue: '18:00-02:00',
        wed: 'closed',
        thu: null,
        fri: '09:00-17:00',
        sat: 'closed',
        sun: 'closed',
      },
      filters: ['Wifi', 'Accessible'],
      fields: { Manager: 'Zoë', Floor: '2' },
      callsToAction: { 'Order online': 'https://example.com/order', Book: 'https://example.com/book' },
      time_zone: 'America/Chicago',
      special_hours: [
        { date: '2026-12-25', hours: 'closed', label: 'Christmas Day' },
        { from: '2027-01-10', to: '2027-01-20', hours: '10:00-14:00' },
      ],
    };
    locationIds.push((await post('locations', full, { 'idempotency-key': 'copy-test-1' })).id);
    const key = await post('publishable-keys', { origins: ['https://shop.example', 'https://*.shop.example'] });
    expect((await call(server, 'DELETE', `${projectPath}/publishable-keys/${key.id}`, { token })).status).toBe(200);
    await post('publishable-keys', {});
    // No coordinates and no geocoder: created with a pending geocoding job.
    for (let n = 0; n < 3; n += 1)
      locationIds.push((await post('locations', { name: `Pending ${n}`, city: 'Denver', country: 'US' })).id);
    for (let n = 0; n < 40; n += 1) {
      locationIds.push(
        (
          await post('locations', {
            name: `Store ${n}`,
            city: 'Boston',
            lat: 42.36 + n / 1000,
            lng: -71.06,
            filters: ['Parking'],
            hours: {},
          })
        ).id,
      );
    }
    // A deleted location leaves its ID for the store finder's indexes.
    const closed = await post('locations', { name: 'Closed', city: 'Boston', lat: 42.3, lng: -71.1 });
    expect((await call(server, 'DELETE', `${projectPath}/locations/${closed.id}`, { token })).status).toBe(200);
    // An import that ended with a failed row (its file is gone), and one still queued with its file, in two parts and
    // with bytes that are no text.
    // (One row changes the first location's phone, a change the import lists; the other fails: it creates nothing.)
    await servicesOn(db).imports.runNow(account.project, {
      content: Buffer.from(`id,phone\n${locationIds[0] ?? ''},+1 512 555 0142\nloc_nothing,+1 512 555 0199\n`),
      format: 'csv',
      options: { dryRun: false, deleteMissing: false, atomic: false },
      createdBy: { type: 'cli', id: 'import' },
    });
    // The column mapping the project's imports remember.
    await servicesOn(db).imports.saveMapping({
      project: refOfProject(account.project),
      columns: { 'Store Name': 'name', Town: 'city' },
      match: 'name_address',
    });
    const waiting = Buffer.alloc(1024 * 1024 + 300, 0);
    waiting.write('name,city\nWaiting,Austin\n');
    waiting[waiting.length - 1] = 0xff;
    await servicesOn(db).imports.queue({
      project: refOfProject(account.project),
      content: waiting,
      format: 'csv',
      fileName: 'wait.csv',
      options: { dryRun: true, deleteMissing: false, atomic: false },
      createdBy: TEST_ACTOR,
    });
    // One job fails for good (no geocoder answers), the others stay pending.
    const queue = {
      geocoder: createNoneGeocoder(),
      clock: systemClock,
      maxAttempts: 1,
      backoffBaseMs: 1000,
      lockMs: 60_000,
      timeoutMs: 1000,
    };
    expect(await processNextJob(db, queue, 'seed')).toBe('failed');

    // Cache rows from the real geocoder (an answer and a remembered "no such place"), and enough more to take several
    // batches, keyed by text that sorts differently by locale than by code point.
    const geocoder = createGeocoder(loadConfig({ GEOCODER: 'offline' }), { db, clock: systemClock });
    await geocoder.geocode({ city: 'Nashville', state: 'TN', country: 'US' });
    await geocoder.geocode({ city: 'Qxzzyq Nowhere', country: 'US' });
    const keys = ['Ärhus', 'aarhus', 'Zürich', 'zebra', 'éclair', 'Eclair', '~tilde', '_under', '寿司', '🍣'];
    const cached = Array.from({ length: 2500 }, (_, n) => ({
      provider: n % 2 === 0 ? 'nominatim' : 'Google',
      address_key: `${keys[n % keys.length]} ${n}`,
      lat: n % 7 === 0 ? null : 1 / (n + 3),
      lng: n % 7 === 0 ? null : -180 + n / 13,
      precision: n % 7 === 0 ? null : 'city',
      created_at: new Date(1_700_000_000_000 + n).toISOString(),
    }));
    for (let start = 0; start < cached.length; start += 500)
      await db
        .insertInto('geocode_cache')
        .values(cached.slice(start, start + 500))
        .execute();
    // The store finder's counts, as a flush writes them.
    const projectId = account.project.id;
    const storeId = (
      await db.selectFrom('locations').select('id').where('project_id', '=', projectId).executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('search_counts')
      .values([
        { project_id: projectId, day: '2026-11-27', metric: 'searches', key: '', count: 12 },
        { project_id: projectId, day: '2026-11-27', metric: 'kind', key: 'text', count: 9 },
      ])
      .execute();
    await db
      .insertInto('search_place_counts')
      .values({
        project_id: projectId,
        day: '2026-11-27',
        place: AWKWARD_NAME,
        lat: 30.2672,
        lng: -97.7431,
        searches: 7,
        zero_result: 2,
      })
      .execute();
    await db
      .insertInto('location_action_counts')
      .values({ project_id: projectId, day: '2026-11-27', location_id: storeId, action: 'directions', count: 3 })
      .execute();
    return { account, locationIds };
  } finally {
    await server.stop();
    await handle.close();
  }
}

/** A trigger that upper-cases the name of every user inserted. */
async function addShoutingTrigger(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === 'sqlite') {
    await sql`create trigger shout after insert on users begin update users set name = upper(name) where id = new.id; end`.execute(
      handle.db,
    );
    return;
  }
  await sql`create function shout() returns trigger language plpgsql as $$ begin new.name := upper(new.name); return new; end $$`.execute(
    handle.db,
  );
  await sql`create trigger shout before insert on users for each row execute function shout()`.execute(handle.db);
}

/** Reads locations through both APIs, as clients see them. */
async function readThroughApi(server: RunningServer, account: CreatedUser, ids: string[]) {
  const base = `/api/v2/projects/${account.project.public_id}/locations`;
  const v2 = await Promise.all(
    ids.map((id) => call(server, 'GET', `${base}/${id}?${INCLUDE_ALL}`, { token: account.token.token })),
  );
  const list = await call(server, 'GET', `${base}?limit=100&${INCLUDE_ALL}`, { token: account.token.token });
  const v1 = await call(server, 'GET', '/api/locations?limit=100', { token: account.legacyToken.token });
  const projects = await call(server, 'GET', '/api/v2/projects', { token: account.token.token });
  return {
    v2: v2.map((response) => [response.status, response.body]),
    list: list.body,
    v1: v1.body,
    projects: projects.body,
  };
}

const reachable = await postgresReachable();

if (!reachable) {
  describe('locator copy', () => {
    it.skip(`needs PostgreSQL at ${postgresServerUrl()} (TEST_POSTGRES_URL), which does not answer`, () => undefined);
  });
} else {
  describe('locator copy', () => {
    const cleanups: (() => Promise<void>)[] = [];
    let source: TestDatabase;
    let target: TestDatabase;
    let seeded: { account: CreatedUser; locationIds: string[] };
    let original: CopySummary;
    let sourceView: Awaited<ReturnType<typeof readThroughApi>>;

    beforeAll(async () => {
      source = createSqliteFile();
      target = await createPostgresSchema();
      cleanups.push(
        () => source.dispose(),
        () => target.dispose(),
      );
      seeded = await seed(source.url);
      const server = await serve(source.url);
      try {
        sourceView = await readThroughApi(server, seeded.account, seeded.locationIds);
      } finally {
        await server.stop();
      }
    }, SLOW);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it(
      'copies SQLite to an empty PostgreSQL and proves it: same counts and checksum for every table',
      async () => {
        const result = await locator('copy', '--from', source.url, '--to', target.url, '--json');
        expect(result.code, result.stderr).toBe(0);
        original = summaryOf(result);
        expect(original.verified).toBe(true);
        for (const table of original.tables) {
          // Every table holds rows: a table added later without rows here would go untested.
          expect(table.sourceRows, table.table).toBeGreaterThan(0);
          expect([table.targetRows, table.targetChecksum], table.table).toEqual([
            table.sourceRows,
            table.sourceChecksum,
          ]);
        }
        expect(original.tables.map((table) => table.table)).toEqual(
          expect.arrayContaining([
            'users',
            'locations',
            'opening_hours',
            'geocoding_jobs',
            'geocode_cache',
            'idempotency_keys',
          ]),
        );
        expect(original.rows).toBe(original.tables.reduce((sum, table) => sum + table.sourceRows, 0));
      },
      SLOW,
    );

    it(
      'serves from PostgreSQL what SQLite served, and hands out fresh IDs after the copied ones',
      async () => {
        const server = await serve(target.url);
        try {
          expect(await readThroughApi(server, seeded.account, seeded.locationIds)).toEqual(sourceView);
          const [first] = sourceView.v2;
          expect(first?.[1]).toMatchObject({
            data: { name: AWKWARD_NAME, lat: AWKWARD_LAT, lng: AWKWARD_LNG, visible: false },
          });

          const created = await call(server, 'POST', `/api/v2/projects/${seeded.account.project.public_id}/locations`, {
            token: seeded.account.token.token,
            body: { name: 'After the move', city: 'Austin', lat: 30.27, lng: -97.74 },
          });
          expect(created.status, created.text).toBe(201);
          const handle = openDatabase(target.url);
          try {
            const ids = await handle.db.selectFrom('locations').select(['id', 'public_id']).orderBy('id').execute();
            expect(ids.at(-1)?.public_id).toBe(created.body.data.id);
            expect(ids.at(-1)?.id).toBe(seeded.locationIds.length + 1);
            const user = await servicesOn(handle.db).accounts.createUser({ email: 'new@example.com', name: 'New' });
            expect(user.user.id).toBe(3);
          } finally {
            await handle.close();
          }
        } finally {
          await server.stop();
        }
      },
      SLOW,
    );

    it(
      'refuses a target holding rows, and with --force replaces them with the source',
      async () => {
        const refused = await locator('copy', '--from', source.url, '--to', target.url);
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(/^locator: The target database is not empty \(.*locations 45.*\); add --force/),
        ]);

        const forced = await locator('copy', '--from', source.url, '--to', target.url, '--force', '--json');
        expect(forced.code, forced.stderr).toBe(0);
        expect(checksums(summaryOf(forced))).toEqual(checksums(original));
        expect(summaryOf(forced).verified).toBe(true);
      },
      SLOW,
    );

    it(
      'copies back from PostgreSQL to SQLite with the checksums of the original',
      async () => {
        const back = createSqliteFile();
        cleanups.push(() => back.dispose());
        const result = await locator('copy', '--from', target.url, '--to', back.url, '--json');
        expect(result.code, result.stderr).toBe(0);
        const summary = summaryOf(result);
        expect(summary.verified).toBe(true);
        expect(checksums(summary)).toEqual(checksums(original));
        // SQLite continues after the copied IDs by itself.
        const server = await serve(back.url);
        try {
          const created = await call(server, 'POST', `/api/v2/projects/${seeded.account.project.public_id}/locations`, {
            token: seeded.account.token.token,
            body: { name: 'Back again', city: 'Austin', lat: 30.27, lng: -97.74 },
          });
          expect(created.status, created.text).toBe(201);
          const v1 = await call(server, 'GET', `/api/locations/${seeded.locationIds.length + 1}`, {
            token: seeded.account.legacyToken.token,
          });
          expect(v1.body).toMatchObject({ name: 'Back again' });
        } finally {
          await server.stop();
        }
      },
      SLOW,
    );

    for (const dialect of ['postgres', 'sqlite'] as const) {
      it(
        `leaves the target's triggers out of the copy, and on afterwards (${dialect} target)`,
        async () => {
          const guarded = dialect === 'postgres' ? await createPostgresSchema() : createSqliteFile();
          cleanups.push(() => guarded.dispose());
          const handle: DatabaseHandle = openDatabase(guarded.url);
          try {
            await migrateToLatest(handle);
            // Rows arrive as the source holds them: a trigger firing on each copied row would change or count them
            // again.
            await addShoutingTrigger(handle);
            const result = await locator('copy', '--from', source.url, '--to', guarded.url, '--json');
            expect(result.code, result.stderr).toBe(0);
            expect(checksums(summaryOf(result))).toEqual(checksums(original));
            const user = await servicesOn(handle.db).accounts.createUser({ email: 'later@example.com', name: 'Later' });
            const saved = await handle.db
              .selectFrom('users')
              .select('name')
              .where('id', '=', user.user.id)
              .executeTakeFirstOrThrow();
            expect(saved.name).toBe('LATER');
          } finally {
            await handle.close();
          }
        },
        SLOW,
      );
    }

    it(
      'fails verification when the target cannot hold what it is given, and commits nothing',
      async () => {
        const lossy = await createPostgresSchema();
        cleanups.push(() => lossy.dispose());
        const handle: DatabaseHandle = openDatabase(lossy.url);
        try {
          await migrateToLatest(handle);
          // Single precision keeps about seven digits: every row arrives, but not every coordinate as it was.
          await sql`alter table locations alter column lat type real`.execute(handle.db);
          const result = await locator('copy', '--from', source.url, '--to', lossy.url, '--json');
          expect(result.code).toBe(1);
          expect(result.stderr).toMatch(/^locator: Verification failed for locations: .*nothing was committed\.$/m);
          const summary = summaryOf(result);
          expect(summary.verified).toBe(false);
          const failed = summary.tables.filter((table) => !table.verified);
          expect(failed.map((table) => [table.table, table.sourceRows === table.targetRows])).toEqual([
            ['locations', true],
          ]);
          expect(await handle.db.selectFrom('users').select('id').execute()).toEqual([]);
        } finally {
          await handle.close();
        }
      },
      SLOW,
    );

    it(
      'refuses a source that does not exist rather than copying an empty database',
      async () => {
        const result = await locator('copy', '--from', 'sqlite:/nonexistent/locator.db', '--to', target.url);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/No SQLite database at \/nonexistent\/locator\.db/);
      },
      SLOW,
    );
  });
}
