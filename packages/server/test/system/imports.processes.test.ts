import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { startChildServer } from '../support/child-server.ts';
import { LOCATOR_BIN, runLocator } from '../support/cli.ts';
import { seedCatalog } from '../support/factories.ts';
import { postImport, waitForImport } from '../support/imports.ts';
import { servicesOn } from '../support/services.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { readUntil } from '../support/wait.ts';

// Imports as production runs them: the `locator import` command, and a server's worker; and what a kill -9 in the
// middle of one leaves. How rows are decided is tested in test/integration/imports*.test.ts.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

interface Setup {
  url: string;
  handle: DatabaseHandle;
  account: CreatedUser;
  dir: string;
}

async function setUp(): Promise<Setup> {
  const database = await createTestDatabase();
  cleanups.push(() => database.dispose());
  const handle = openDatabase(database.url);
  cleanups.push(() => handle.close());
  await migrateToLatest(handle);
  const account = await servicesOn(handle.db).accounts.createUser({
    email: `imports-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Imports',
  });
  await seedCatalog({ database: handle }, account.project);
  const dir = mkdtempSync(join(tmpdir(), 'locator-import-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { url: database.url, handle, account, dir };
}

/**
 * Rows without an external ID or an ID: each creates a location, so a row imported twice would show as one too many.
 */
function unkeyedRows(count: number): string {
  const lines = ['name,city,lat,lng,filters,field:Manager,mon,tue,wed,thu,fri,sat,sun'];
  for (let n = 0; n < count; n += 1)
    lines.push(
      `Store ${n},Austin,30.${n % 1000},-97.7,Wifi|Parking,Manager ${n},09:00-17:00,09:00-17:00,09:00-17:00,09:00-17:00,09:00-17:00,closed,closed`,
    );
  return `${lines.join('\n')}\n`;
}

const countLocations = async (setup: Setup) =>
  Number(
    (
      await setup.handle.db
        .selectFrom('locations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', setup.account.project.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

const importRow = (setup: Setup) =>
  setup.handle.db
    .selectFrom('imports')
    .selectAll()
    .where('project_id', '=', setup.account.project.id)
    .executeTakeFirst();

describe('locator import', () => {
  it('prints one JSON object with --json, exits 0 with failed rows, and 1 when the file cannot be read', async () => {
    const setup = await setUp();
    const file = join(setup.dir, 'stores.csv');
    writeFileSync(
      file,
      '\ufeffStore Name;City;Latitude;Longitude\r\nOne;Austin;30,1;-97,7\r\nTwo;Austin;north;-97,7\r\n',
    );
    const env = { DATABASE_URL: setup.url };
    const imported = await runLocator(['import', '--project', setup.account.project.public_id, file, '--json'], {
      env,
    });
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      failed: 1,
      geocoding_queued: 0,
      errors: [{ row: 3, external_id: null, errors: { lat: ['must be a number of decimal degrees, e.g. 30.2672'] } }],
      possible_duplicates: [],
      unknown_columns: [],
      id: expect.stringMatching(/^imp_/),
      status: 'done',
      error: null,
    });
    const summary = await runLocator(['import', '--project', setup.account.project.public_id, file, '--dry-run'], {
      env,
    });
    // Rows without an external_id or id create again: the dry run says so.
    expect(summary.stdout).toContain(
      'Dry run (nothing was changed): 1 created, 0 updated, 0 unchanged, 0 deleted, 1 failed',
    );
    expect(summary.stdout).toContain('row 3: lat must be a number');

    // A store with an address imported again without a key: a possible duplicate, or, matched by name and address,
    // the same store.
    const addressed = join(setup.dir, 'addressed.csv');
    writeFileSync(addressed, 'Store Name,Address 1,City\nThree,1 Elm St,Austin\n');
    const project = ['import', '--project', setup.account.project.public_id, addressed];
    expect((await runLocator([...project, '--json'], { env })).code).toBe(0);
    const twice = await runLocator([...project, '--dry-run'], { env });
    expect(twice.stdout).toMatch(/row 2: possible duplicate of loc_\w+ \(same name and address; --match name_address/);
    const matched = await runLocator([...project, '--match', 'name_address', '--json'], { env });
    expect(JSON.parse(matched.stdout)).toMatchObject({ created: 0, unchanged: 1, possible_duplicates: [] });

    writeFileSync(file, Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a]));
    const unreadable = await runLocator(['import', '--project', setup.account.project.public_id, file, '--json'], {
      env,
    });
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toContain('not UTF-8');
    const missing = await runLocator(
      ['import', '--project', setup.account.project.public_id, join(setup.dir, 'none.csv')],
      { env },
    );
    expect(missing.code).toBe(1);

    const output = join(setup.dir, 'out.xlsx');
    const exported = await runLocator(['export', '--project', setup.account.project.public_id, '--output', output], {
      env,
    });
    expect(exported.code, exported.stderr).toBe(0);
    const again = await runLocator(['import', '--project', setup.account.project.public_id, output, '--json'], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ unchanged: 2, created: 0, updated: 0, failed: 0 });
    // Nine commands, each a process that loads the sources: seconds each on a busy machine.
  }, 90_000);
});

describe('kill -9 during an import', () => {
  it('of the server: the next server resumes after the last batch saved, and no row is saved twice', async () => {
    const setup = await setUp();
    const rows = 6000;
    const env = { DATABASE_URL: setup.url, IMPORT_LEASE_SECONDS: '1', GEOCODING_WORKER: 'off' };
    const first = await startChildServer(env);
    cleanups.push(() => first.stop());
    const posted = await postImport(first, {
      token: setup.account.token.token,
      projectId: setup.account.project.public_id,
      file: unkeyedRows(rows),
    });
    expect(posted.status).toBe(202);
    const running = await readUntil(
      () => importRow(setup),
      (row) => (row?.checkpoint ?? 0) > 0,
      { tries: 1200, intervalMs: 25 },
    );
    await first.crash();
    const saved = await countLocations(setup);
    expect(running?.status).toBe('running');
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(rows);

    const second = await startChildServer(env);
    cleanups.push(() => second.stop());
    const { data } = (await posted.json()) as { data: { id: string } };
    const ended = await waitForImport(
      second,
      setup.account.token.token,
      setup.account.project.public_id,
      data.id,
      1200,
    );
    expect(ended).toMatchObject({ status: 'done', report: { created: rows, failed: 0, unchanged: 0 } });
    expect(await countLocations(setup)).toBe(rows);
    expect((await importRow(setup))?.attempts).toBe(2);
  }, 90_000);

  it('of the CLI: once its lease runs out, locator imports resume finishes it, every row saved once', async () => {
    const setup = await setUp();
    const rows = 6000;
    const file = join(setup.dir, 'stores.csv');
    writeFileSync(file, unkeyedRows(rows));
    const env = { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: setup.url, IMPORT_LEASE_SECONDS: '1' };
    const child = spawn(
      process.execPath,
      [LOCATOR_BIN, 'import', '--project', setup.account.project.public_id, file, '--json'],
      { env, stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanups.push(() => void child.kill('SIGKILL'));
    const running = await readUntil(
      () => importRow(setup),
      (row) => (row?.checkpoint ?? 0) > 0 || row?.status === 'done',
      { tries: 1200, intervalMs: 25 },
    );
    child.kill('SIGKILL');
    await exited;
    expect(running?.status).toBe('running');
    expect(await countLocations(setup)).toBeLessThan(rows);

    // Held until its lease runs out (for all another process can tell, the CLI might still be running it).
    await readUntil(
      () => importRow(setup),
      (row) => Date.parse(row?.locked_until ?? '') < Date.now(),
      { tries: 100, intervalMs: 50 },
    );
    const late = await runLocator(['imports', 'resume', '--json'], {
      env: { DATABASE_URL: setup.url, IMPORT_LEASE_SECONDS: '1' },
    });
    expect(late.code, late.stderr).toBe(0);
    expect(JSON.parse(late.stdout)).toMatchObject({ status: 'done', created: rows, failed: 0 });
    expect(await countLocations(setup)).toBe(rows);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(rows + 2);
  }, 90_000);
});
