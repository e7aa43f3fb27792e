import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_TYPES } from '../../src/domain/file-formats.ts';
import { type CatalogAccount, createCatalogAccount } from '../support/factories.ts';
import { importFile, postImport, projectSnapshot } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';

// What an import wizard asks of the API besides the import: a file's columns with suggestions, a column mapping, the
// project's remembered mapping, the recent imports, an import's diff and its failed rows as CSV.

const server = useTestServer({ importWorker: true });
let owner: CatalogAccount;
let projectId: string;
let token: string;

/** A store list whose headers need mapping ("Town" and "Shop" are no names the import knows). */
const FILE = [
  'Shop,Street,Town,Phone,Fax',
  'Downtown,1 Main St,Austin,512 555 0101,1',
  'Riverside,12 River Rd,Austin,,2',
].join('\n');
const COLUMNS = { Shop: 'name', Town: 'city', Fax: null };

const base = () => `/api/v2/projects/${projectId}`;
const preview = (file: string | Buffer, contentType = 'text/csv') =>
  fetch(`${server.url}${base()}/imports/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });
const run = (file: string, query: string) => importFile(server, { token, projectId, file, query });
const mapped = (extra = '') => `columns=${encodeURIComponent(JSON.stringify(COLUMNS))}${extra}`;
const changesOf = async (importId: string, query = '') =>
  (await call(server, 'GET', `${base()}/imports/${importId}/changes${query}`, { token })).body;
const locations = async () =>
  (await call(server, 'GET', `${owner.locations}?limit=100&sort=name`, { token })).body.data as {
    id: string;
    name: string;
    city: string;
    phone: string | null;
  }[];

beforeEach(async () => {
  owner = await createCatalogAccount(server);
  projectId = owner.account.project.public_id;
  token = owner.account.token.token;
});

describe('a file whose headers need mapping', () => {
  it("previews the file's columns with what each is suggested to set, CSV and XLSX alike", async () => {
    const response = await preview(FILE);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: any };
    expect(data.format).toBe('csv');
    expect(data.rows_read).toBe(2);
    expect(data.columns).toEqual([
      { header: 'Shop', suggested: null, remembered: false, samples: ['Downtown', 'Riverside'] },
      { header: 'Street', suggested: 'address_line_1', remembered: false, samples: ['1 Main St', '12 River Rd'] },
      { header: 'Town', suggested: 'city', remembered: false, samples: ['Austin', 'Austin'] },
      { header: 'Phone', suggested: 'phone', remembered: false, samples: ['512 555 0101'] },
      { header: 'Fax', suggested: null, remembered: false, samples: ['1', '2'] },
    ]);
    expect(data.targets).toEqual(expect.arrayContaining(['name', 'city', 'external_id', 'mon', 'lat']));
    expect(data.targets).toEqual(expect.arrayContaining(['field:Manager', 'cta:Order online']));

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stores');
    for (const line of FILE.split('\n')) sheet.addRow(line.split(','));
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromXlsx = (await (await preview(xlsx, MEDIA_TYPES.xlsx)).json()) as { data: any };
    expect(fromXlsx.data.format).toBe('xlsx');
    expect(fromXlsx.data.columns.map((column: { header: string }) => column.header)).toEqual([
      'Shop',
      'Street',
      'Town',
      'Phone',
      'Fax',
    ]);
  });

  it('refuses a preview of a file that is not one of the formats, and reads nothing into the project', async () => {
    const before = await projectSnapshot(server, owner.account.project.id);
    expect((await preview('{}', 'application/json')).status).toBe(415);
    expect(await projectSnapshot(server, owner.account.project.id)).toBe(before);
  });

  it('imports with a column mapping, lists the created rows as the diff, and skips a column mapped to null', async () => {
    const dry = await run(FILE, mapped('&dry_run=1'));
    expect(dry.report).toMatchObject({ created: 2, updated: 0, failed: 0, unknown_columns: [] });
    const dryDiff = await changesOf(dry.id);
    expect(dryDiff.data).toEqual([
      expect.objectContaining({ kind: 'created', row: 2, name: 'Downtown', location_id: null, fields: [] }),
      expect.objectContaining({ kind: 'created', row: 3, name: 'Riverside', location_id: null }),
    ]);
    expect(await locations()).toEqual([]);

    const imported = await run(FILE, mapped());
    expect(imported.report).toMatchObject({ created: 2, unknown_columns: [] });
    const saved = await locations();
    expect(saved.map(({ name, city }) => [name, city])).toEqual([
      ['Downtown', 'Austin'],
      ['Riverside', 'Austin'],
    ]);
    const diff = await changesOf(imported.id);
    expect(diff.data.map((line: { location_id: string }) => line.location_id)).toEqual(saved.map(({ id }) => id));
    expect(diff.next_after).toBeNull();

    // Without the mapping, the same file names no store: every row fails for its missing name.
    const unmapped = await run(FILE, 'dry_run=1');
    expect(unmapped.report).toMatchObject({ created: 0, failed: 2, unknown_columns: ['Shop', 'Fax'] });
  });

  it('a second import of a changed file with match=name_address updates, and its diff names the changed fields', async () => {
    await run(FILE, mapped());
    const changed = FILE.replace('512 555 0101', '512 555 0199');
    const dry = await run(changed, mapped('&match=name_address&dry_run=1'));
    expect(dry.report).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const [downtown] = await locations();
    expect((await changesOf(dry.id)).data).toEqual([
      {
        line: expect.any(Number),
        kind: 'updated',
        row: 2,
        location_id: downtown?.id,
        external_id: null,
        name: 'Downtown',
        fields: ['phone'],
      },
    ]);
    const imported = await run(changed, mapped('&match=name_address'));
    expect(imported.report).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect((await changesOf(imported.id, '?kind=updated')).data).toMatchObject([{ fields: ['phone'] }]);
    expect((await changesOf(imported.id, '?kind=created')).data).toEqual([]);
    expect(await locations()).toHaveLength(2);
    expect((await locations())[0]?.phone).toBe('512 555 0199');
  });

  it('pages the diff and lists the locations delete_missing deletes (would delete, in a dry run)', async () => {
    const keyed = ['external_id,name,city', 'A,Alpha,Austin', 'B,Beta,Austin', 'C,Gamma,Austin'].join('\n');
    await run(keyed, '');
    const first = await changesOf((await run(keyed.replace('Alpha', 'Alpha 2'), '')).id, '?limit=1');
    expect(first.data).toMatchObject([{ kind: 'updated', external_id: 'A', fields: ['name'] }]);
    expect(first.next_after).toBeNull();

    const all = (await run(keyed, '')).id;
    expect((await changesOf(all, '?limit=1')).data).toHaveLength(1);

    const dry = await run('external_id,name,city\nA,Alpha,Austin', 'delete_missing=1&dry_run=1');
    const page1 = await changesOf(dry.id, '?kind=deleted&limit=1');
    expect(page1.data).toMatchObject([{ kind: 'deleted', external_id: 'B', name: 'Beta', row: null }]);
    const page2 = await changesOf(dry.id, `?kind=deleted&limit=1&after=${page1.next_after}`);
    expect(page2).toMatchObject({ data: [{ external_id: 'C', name: 'Gamma' }], next_after: null });
    const real = await run('external_id,name,city\nA,Alpha,Austin', 'delete_missing=1');
    expect((await changesOf(real.id, '?kind=deleted')).data.map((line: { name: string }) => line.name)).toEqual([
      'Beta',
      'Gamma',
    ]);
  });

  it('refuses a mapping that is not JSON, or maps to a name no column sets, before storing anything', async () => {
    const notJson = await postImport(server, { token, projectId, file: FILE, query: 'columns=Town%3Dcity' });
    expect(notJson.status).toBe(422);
    const unknown = await postImport(server, {
      token,
      projectId,
      file: FILE,
      query: `columns=${encodeURIComponent(JSON.stringify({ Town: 'town_name' }))}`,
    });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as any).errors).toHaveProperty(['columns.Town']);
    expect((await call(server, 'GET', `${base()}/imports`, { token })).body.data).toEqual([]);
  });
});

describe('the remembered mapping', () => {
  it('is empty at first, saved by PUT, and suggested by the preview for the headers it names', async () => {
    expect((await call(server, 'GET', `${base()}/import-mapping`, { token })).body.data).toEqual({
      columns: {},
      match: 'external_id',
      updated_at: null,
    });
    const saved = await call(server, 'PUT', `${base()}/import-mapping`, {
      token,
      body: { columns: { Shop: 'name', Phone: null }, match: 'name_address' },
    });
    expect(saved.status).toBe(200);
    expect((await call(server, 'GET', `${base()}/import-mapping`, { token })).body.data).toMatchObject({
      columns: { Shop: 'name', Phone: null },
      match: 'name_address',
      updated_at: expect.any(String),
    });
    const { data } = (await (await preview(FILE)).json()) as { data: any };
    expect(data.columns.map((column: any) => [column.header, column.suggested, column.remembered])).toEqual([
      ['Shop', 'name', true],
      ['Street', 'address_line_1', false],
      ['Town', 'city', false],
      ['Phone', null, true],
      ['Fax', null, false],
    ]);
  });

  it('refuses a name no column sets, and keeps the mapping before', async () => {
    const refused = await call(server, 'PUT', `${base()}/import-mapping`, {
      token,
      body: { columns: { Shop: 'shop_name' }, match: 'external_id' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty(['columns.Shop']);
    expect((await call(server, 'GET', `${base()}/import-mapping`, { token })).body.data.columns).toEqual({});
  });
});

describe('recent imports and failed rows', () => {
  it('lists the latest imports newest first, and downloads the failed rows as CSV with their cells', async () => {
    const first = await run(FILE, mapped());
    const bad = await run('name,city,lat,Note\nGood,Austin,30,ok\nBad,Austin,91,=1+1\n,Austin,,no name', '');
    expect(bad.report).toMatchObject({ created: 1, failed: 2 });
    const list = await call(server, 'GET', `${base()}/imports?limit=5`, { token });
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual([bad.id, first.id]);
    expect(list.body.data[0]).toMatchObject({ status: 'done', report: { created: 1, failed: 2 } });
    expect(list.body.data[0].report).not.toHaveProperty('errors');

    const response = await fetch(`${server.url}${base()}/imports/${bad.id}/failed-rows`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parse((await response.text()).replace(/^\ufeff/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { Row: '3', Errors: expect.stringMatching(/^lat: /), name: 'Bad', city: 'Austin', lat: '91', Note: "'=1+1" },
      { Row: '4', Errors: expect.stringMatching(/^name: /), name: '', city: 'Austin', lat: '', Note: 'no name' },
    ]);
    // Fixed and imported again, the file's extra columns are skipped.
    const fixed = await run('Row,Errors,name,city,lat\n3,lat: too big,Bad,Austin,30', '');
    expect(fixed.report).toMatchObject({ created: 1, failed: 0, unknown_columns: ['Row', 'Errors'] });
  });

  it("answers 404 for another project's import", async () => {
    const mine = await run(FILE, mapped('&dry_run=1'));
    const other = await createCatalogAccount(server);
    const path = `/api/v2/projects/${other.account.project.public_id}/imports/${mine.id}/changes`;
    expect((await call(server, 'GET', path, { token: other.account.token.token })).status).toBe(404);
  });
});
