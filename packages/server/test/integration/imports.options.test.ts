import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILE_BOUNDS } from '../../src/domain/file-bounds.ts';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { runImport } from '../../src/features/imports/import-run.ts';
import { claimNextImport } from '../../src/features/imports/imports.repository.ts';
import { type CatalogAccount, createCatalogAccount, fullLocationBody, TEST_ACTOR } from '../support/factories.ts';
import { importFile, projectSnapshot, waitForImport } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';
import { servicesOn } from '../support/services.ts';

const server = useTestServer({ importWorker: true });
let owner: CatalogAccount;
let projectId: string;
let token: string;

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token, ...(body !== undefined ? { body } : {}) });
const run = (file: string, query = '') => importFile(server, { token, projectId, file, query });
const names = async () =>
  ((await v2('GET', `${owner.locations}?limit=100`)).body.data as { name: string }[])
    .map((location) => location.name)
    .sort();

beforeEach(async () => {
  owner = await createCatalogAccount(server);
  projectId = owner.account.project.public_id;
  token = owner.account.token.token;
});

describe('delete_missing', () => {
  it('deletes the keyed locations the file does not name, and only those', async () => {
    for (const [name, external_id] of [
      ['One', 'K-1'],
      ['Two', 'K-2'],
      ['Three', 'K-3'],
      ['Four', 'K-4'],
      ['Unkeyed', null],
    ] as const) {
      expect((await v2('POST', owner.locations, fullLocationBody({ name, external_id }))).status).toBe(201);
    }
    const four = (await v2('GET', `${owner.locations}?external_id=K-4`)).body.data[0];
    // K-2's row fails, K-4 is named by its ID (its empty external_id cell clears its key): neither is deleted. K-3 is
    // missing; the unkeyed location never goes.
    const file = [
      'external_id,id,name,email,city',
      'K-1,,One renamed,,Austin',
      'K-2,,Two,not-an-email,Austin',
      `,${four.id},Four,downtown@example.com,Austin`,
      'K-5,,Five,,Austin',
    ];
    const imported = await run(file.join('\n'), 'delete_missing=1');
    expect(imported.report).toMatchObject({ created: 1, updated: 2, unchanged: 0, deleted: 1, failed: 1 });
    expect(await names()).toEqual(['Five', 'Four', 'One renamed', 'Two', 'Unkeyed']);
    // The deletion is recorded for the store finder, at the data version of its transaction.
    const { db } = server.database;
    const deleted = await db
      .selectFrom('deleted_locations')
      .selectAll()
      .where('project_id', '=', owner.account.project.id)
      .execute();
    const project = await db
      .selectFrom('projects')
      .select('data_version')
      .where('id', '=', owner.account.project.id)
      .executeTakeFirstOrThrow();
    expect(deleted).toEqual([expect.objectContaining({ data_version: project.data_version })]);
  });

  it('refuses a file without an external_id column, deleting nothing', async () => {
    await v2('POST', owner.locations, fullLocationBody({ name: 'Keyed', external_id: 'K-1' }));
    const imported = await run('name,city\nNew,Austin\n', 'delete_missing=1');
    expect(imported).toMatchObject({
      status: 'failed',
      report: null,
      error: expect.stringContaining('external_id column'),
    });
    expect(await names()).toEqual(['Keyed']);
  });

  it('refuses a file whose rows never show an external_id column: none, blank or unreadable ones, in a dry run too', async () => {
    await v2('POST', owner.locations, fullLocationBody({ name: 'Keyed', external_id: 'K-1' }));
    const files: [string, string, string][] = [
      ['', 'text/csv', 'delete_missing=1'],
      ['external_id,name,city\n', 'text/csv', 'delete_missing=1'],
      ['external_id,name,city\n,,\n\n', 'text/csv', 'delete_missing=1&dry_run=1'],
      ['{\n  "name": "not one object a line"\n}\n', 'application/x-ndjson', 'delete_missing=1'],
    ];
    for (const [file, contentType, query] of files) {
      const imported = await importFile(server, { token, projectId, file, contentType, query });
      expect(imported, JSON.stringify(file)).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('external_id column'),
      });
      expect(imported.report?.deleted ?? 0).toBe(0);
    }
    expect(await names()).toEqual(['Keyed']);
  });
});

describe('atomic', () => {
  const file = ['external_id,name,city,lat', 'A-1,One,Austin,30.1', 'A-2,Two,Austin,91', 'A-3,Three,Austin,30.2'].join(
    '\n',
  );

  it('saves nothing when a row fails, and reports every failed row', async () => {
    await v2('POST', owner.locations, fullLocationBody({ external_id: 'A-1', name: 'Old name' }));
    const before = await projectSnapshot(server, owner.account.project.id);
    const imported = await run(file, 'atomic=1');
    expect(imported).toMatchObject({
      status: 'failed',
      atomic: true,
      error: '1 row failed; the import is atomic, so nothing was saved.',
    });
    expect(imported.report).toMatchObject({
      created: 0,
      updated: 0,
      deleted: 0,
      failed: 1,
      errors: [{ row: 3, external_id: 'A-2', errors: { lat: ['must be <= 90'] } }],
    });
    expect(await projectSnapshot(server, owner.account.project.id)).toBe(before);
  });

  it('reports in a dry run what the real run would: failed, with nothing saved', async () => {
    const imported = await run(file, 'atomic=1&dry_run=1');
    expect(imported).toMatchObject({
      status: 'failed',
      dry_run: true,
      error: '1 row failed; the import is atomic, so it would save nothing.',
    });
    expect(imported.report).toMatchObject({ created: 0, updated: 0, deleted: 0, failed: 1 });
  });

  it('saves nothing when another process took the import over before it ended', async () => {
    // The rows and the import's end commit together: a run that finds its lease gone rolls its rows back, so the
    // process that took over (which starts an atomic import again) cannot save them twice.
    await servicesOn(server.database.db).imports.queue({
      project: refOfProject(owner.account.project),
      content: Buffer.from(file.replace(',91', ',31')),
      format: 'csv',
      options: { dryRun: false, deleteMissing: false, atomic: true },
      createdBy: TEST_ACTOR,
    });
    const now = Date.now();
    const job = await claimNextImport(server.database.db, {
      workerId: 'the-process-that-took-over',
      now,
      until: now + 60_000,
    });
    if (!job) throw new Error('the import was not queued');
    expect(
      await runImport(server.database.db, job, {
        workerId: 'a-process-taken-for-dead',
        clock: Date.now,
        leaseMs: 60_000,
        bounds: DEFAULT_FILE_BOUNDS,
      }),
    ).toBeUndefined();
    expect(await names()).toEqual([]);
    const events = await server.database.db
      .selectFrom('events')
      .select('type')
      .where('project_id', '=', owner.account.project.id)
      .execute();
    expect(events).toEqual([]);
  });

  it('saves every row when none fails', async () => {
    const imported = await run(file.replace(',91', ',31'), 'atomic=1');
    expect(imported).toMatchObject({ status: 'done', report: { created: 3, failed: 0 } });
    expect(await names()).toEqual(['One', 'Three', 'Two']);
  });
});

describe('rows that name one location twice', () => {
  it('fail alone, whichever key they name it by', async () => {
    const kept = (await v2('POST', owner.locations, fullLocationBody({ external_id: 'K-1' }))).body.data;
    const file = [
      'external_id,id,name,city',
      'K-1,,First,Austin',
      'K-1,,Again,Austin',
      `,${kept.id},By ID,Austin`,
      'N-1,,New,Austin',
      'N-1,,New again,Austin',
    ].join('\n');
    const imported = await run(file);
    expect(imported.report).toMatchObject({ created: 1, updated: 1, failed: 3 });
    expect(imported.report.errors).toEqual([
      { row: 3, external_id: 'K-1', errors: { external_id: ['is given again: row 2 has it already'] } },
      { row: 4, external_id: null, errors: { id: ['names the location row 2 names already'] } },
      { row: 6, external_id: 'N-1', errors: { external_id: ['is given again: row 5 has it already'] } },
    ]);
  });
});

describe('an import racing API writes', () => {
  it('interleaves with them batch by batch: both sides saved, nothing lost, no error', async () => {
    const rows = 1500;
    const existing = [];
    for (let n = 0; n < 5; n += 1)
      existing.push(
        (await v2('POST', owner.locations, fullLocationBody({ name: `Existing ${n}`, external_id: `E-${n}` }))).body
          .data,
      );
    const lines = ['external_id,name,city,lat,lng'];
    for (let n = 0; n < 5; n += 1) lines.push(`E-${n},Renamed ${n},Austin,30.${n},-97.7`);
    for (let n = 0; n < rows; n += 1) lines.push(`R-${n},Row ${n},Austin,30.2,-97.7`);
    const posted = await fetch(`${server.url}/api/v2/projects/${projectId}/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: lines.join('\n'),
    });
    const { data } = (await posted.json()) as { data: { id: string } };
    // While it runs: change a column the file does not have on the locations it renames, and create others.
    const writes = await Promise.all([
      ...existing.map((location, n) => v2('PATCH', `${owner.locations}/${location.id}`, { phone: `+1 555 010${n}` })),
      ...Array.from({ length: 10 }, (_, n) =>
        v2('POST', owner.locations, fullLocationBody({ name: `API ${n}`, external_id: `API-${n}` })),
      ),
    ]);
    expect(writes.map((response) => response.status)).toEqual([...existing.map(() => 200), ...Array(10).fill(201)]);
    const ended = await waitForImport(server, token, projectId, data.id);
    expect(ended.report).toMatchObject({ created: rows, updated: 5, failed: 0 });
    const list = await v2('GET', `${owner.locations}?limit=1&external_id=E-3`);
    expect(list.body.data[0]).toMatchObject({ name: 'Renamed 3', phone: '+1 555 0103', lat: 30.3 });
    const total = await v2('GET', `${owner.locations}?limit=1`);
    expect(total.body.meta.total).toBe(5 + 10 + rows);
  });
});
