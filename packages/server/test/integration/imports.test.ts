import { beforeEach, describe, expect, it } from 'vitest';
import { type CatalogAccount, createCatalogAccount, fullLocationBody, INCLUDE_ALL } from '../support/factories.ts';
import { CSV, importFile, NDJSON, postImport, projectSnapshot } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer({ importWorker: true });
let owner: CatalogAccount;
let projectId: string;
let token: string;

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token, ...(body !== undefined ? { body } : {}) });
const run = (file: string | Buffer, options: { query?: string; contentType?: string } = {}) =>
  importFile(server, { token, projectId, file, ...options });
const all = async () =>
  (await v2('GET', `${owner.locations}?limit=100&${INCLUDE_ALL}`)).body.data as Record<string, unknown>[];

beforeEach(async () => {
  owner = await createCatalogAccount(server);
  projectId = owner.account.project.public_id;
  token = owner.account.token.token;
});

/** A file as Excel saves it in a country whose decimal mark is a comma: BOM, semicolons, CRLF, quoted line breaks. */
const EXCEL_FILE = [
  '\ufeffStore code;Store Name;Address 1;City;Zip;Latitude;Longitude;Phone Number;Website;Monday;Tuesday;Wednesday;Thursday;Friday;Saturday;Sunday;Filters;field:Manager;Fax',
  'S-1;"Café ""Zürich""";"1 Main St\r\nBack door";Austin;78701;30,2672;-97,7431;+1 512 555 0100;https://example.com/1;9:00-17:00;09:00-17:00;09:00-17:00;09:00-17:00;09:00-17:00;Closed;;Wifi|Parking;Ada;555',
  'S-2;Riverside;12 River Rd;Austin;78704;;;;;;;;;;;;;;',
  ';;;;;;;;;;;;;;;;;;',
  'S-3;Broken;1 Elm;Austin;;95;;;not a url;;;;;;;;Sauna;;',
  'S-4;;2 Elm;Austin;;;;;;;;;;;;;;;',
].join('\r\n');

describe('importing a file', () => {
  it('reads a file as Excel saves it, creates what is new, and reports failed rows by their spreadsheet row', async () => {
    const imported = await run(EXCEL_FILE);
    expect(imported).toMatchObject({
      status: 'done',
      format: 'csv',
      dry_run: false,
      progress: { rows_done: 5, percent: 100 },
    });
    expect(imported.report).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      failed: 2,
      geocoding_queued: 1,
      possible_duplicates: [],
      unknown_columns: ['Fax'],
      errors: [
        { row: 5, external_id: 'S-3', errors: { lat: ['must be <= 90'], url: ['must be an http(s) URL'] } },
        { row: 6, external_id: 'S-4', errors: { name: ['must not be blank'] } },
      ],
    });
    const [first, second] = await all();
    expect(first).toMatchObject({
      external_id: 'S-1',
      name: 'Café "Zürich"',
      address_line_1: '1 Main St\r\nBack door',
      postcode: '78701',
      lat: 30.2672,
      lng: -97.7431,
      hours: { mon: '09:00-17:00', sat: 'closed', sun: null },
      filters: [expect.objectContaining({ name: 'Wifi' }), expect.objectContaining({ name: 'Parking' })],
      fields: [expect.objectContaining({ name: 'Manager', value: 'Ada' })],
      location_type: 'Store',
      geocoding: { status: 'manual', precision: null },
    });
    expect(second).toMatchObject({
      external_id: 'S-2',
      name: 'Riverside',
      lat: null,
      hours: null,
      geocoding: { status: 'pending' },
    });
    // Written at the data version of the import's transaction, as every write of locations is (the store finder reads
    // it).
    const { db } = server.database;
    const project = await db
      .selectFrom('projects')
      .select('data_version')
      .where('id', '=', owner.account.project.id)
      .executeTakeFirstOrThrow();
    const versions = await db
      .selectFrom('locations')
      .select('data_version')
      .where('project_id', '=', owner.account.project.id)
      .execute();
    expect(versions.map((row) => row.data_version)).toEqual([project.data_version, project.data_version]);
  });

  it('gives all rows unchanged when the same file is imported again, without touching updated_at', async () => {
    await run(EXCEL_FILE);
    const before = await all();
    server.clock.now += 60_000;
    const again = await run(EXCEL_FILE);
    expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 2, geocoding_queued: 0 });
    expect(await all()).toEqual(before);
  });

  it('fails a row whose call to action links anywhere but the web, mail or a phone, as a V2 write does', async () => {
    const file = [
      'external_id,name,city,cta:Order online,cta:Book',
      'C-1,One,Austin,javascript:alert(1),tel:+15125550199',
      'C-2,Two,Austin,https://shop.example/order,mailto:book@shop.example',
    ].join('\n');
    const imported = await run(file);
    expect(imported.report).toMatchObject({ created: 1, failed: 1 });
    expect(imported.report.errors).toEqual([
      {
        row: 2,
        external_id: 'C-1',
        errors: { 'callsToAction.Order online': ['must be an http(s), mailto: or tel: link, not javascript:'] },
      },
    ]);
  });

  it('upserts by external_id, updates by id, leaves absent columns alone and clears with empty cells', async () => {
    const kept = (await v2('POST', owner.locations, fullLocationBody({ external_id: 'K-1' }))).body.data;
    const byId = (await v2('POST', owner.locations, fullLocationBody({ name: 'By ID' }))).body.data;
    const file = [
      'external_id,id,name,phone,filters',
      `K-1,,Renamed,,Wifi`,
      `,${byId.id},By ID again,+1 555 0000,`,
      'K-9,,New One,,',
    ].join('\n');
    const imported = await run(file);
    expect(imported.report).toMatchObject({ created: 0, updated: 2, failed: 1 });
    // A create needs a city, as a V2 POST does.
    expect(imported.report.errors).toEqual([{ row: 4, external_id: 'K-9', errors: { city: ['is required'] } }]);
    const renamed = (await v2('GET', `${owner.locations}/${kept.id}?${INCLUDE_ALL}`)).body.data;
    expect(renamed).toMatchObject({
      name: 'Renamed',
      phone: null,
      city: 'Austin',
      email: kept.email,
      filters: [expect.objectContaining({ name: 'Wifi' })],
    });
    expect(renamed.fields).toEqual(kept.fields);
    const updated = (await v2('GET', `${owner.locations}/${byId.id}?${INCLUDE_ALL}`)).body.data;
    expect(updated).toMatchObject({
      name: 'By ID again',
      phone: '+1 555 0000',
      external_id: null,
      filters: [],
      hours: byId.hours,
    });
    const nameless = await run('external_id,name\nK-1,\n');
    expect(nameless.report.errors).toEqual([{ row: 2, external_id: 'K-1', errors: { name: ['must not be blank'] } }]);
  });

  it('changes nothing in a dry run, and reports exactly what the real run then does', async () => {
    await v2('POST', owner.locations, fullLocationBody({ external_id: 'S-1' }));
    const checksum = () => projectSnapshot(server, owner.account.project.id);
    const before = await checksum();
    const dry = await run(EXCEL_FILE, { query: 'dry_run=1&delete_missing=1' });
    expect(dry).toMatchObject({ status: 'done', dry_run: true, delete_missing: true });
    expect(await checksum()).toBe(before);
    const real = await run(EXCEL_FILE, { query: 'delete_missing=1' });
    expect(real.report).toEqual(dry.report);
  });

  it('takes NDJSON rows in the shapes of a V2 body', async () => {
    const lines = [
      JSON.stringify({ external_id: 'N-1', ...fullLocationBody({ name: 'From JSON' }) }),
      'not json',
      JSON.stringify({ external_id: 'N-2', name: 'Second', city: 'Dallas', lat: 32.77, lng: -96.79, visible: false }),
    ].join('\n');
    const imported = await run(lines, { contentType: NDJSON });
    expect(imported.report).toMatchObject({
      created: 2,
      failed: 1,
      errors: [{ row: 2, external_id: null, errors: { row: [expect.stringContaining('not valid JSON')] } }],
    });
    const [first, second] = await all();
    expect(first).toMatchObject({
      name: 'From JSON',
      location_type: 'Outlet',
      marker: { name: 'Blue' },
      hours: { fri: '18:00-02:00' },
    });
    expect(second).toMatchObject({ name: 'Second', visible: false });
  });
});

describe('POST /imports', () => {
  it('answers 202 with the import queued and where to find it', async () => {
    const response = await postImport(server, { token, projectId, file: 'name,city\nA,Austin\n' });
    expect(response.status).toBe(202);
    const body = (await response.json()) as { data: { id: string; status: string } };
    expect(body).toEqual({ data: { id: expect.stringMatching(/^imp_/), status: 'queued' } });
    expect(response.headers.get('location')).toBe(`/api/v2/projects/${projectId}/imports/${body.data.id}`);
  });

  it('refuses a body of another type (415) and one over IMPORT_MAX_BYTES (413)', async () => {
    const json = await call(server, 'POST', `/api/v2/projects/${projectId}/imports`, { token, body: { name: 'A' } });
    expect(json.status).toBe(415);
    expect(json.body.message).toContain('text/csv');
    const none = await fetch(`${server.url}/api/v2/projects/${projectId}/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(none.status).toBe(415);
  });

  it('needs location:delete for delete_missing', async () => {
    const limited = await server.services.accounts.createToken({
      email: owner.account.user.email,
      name: 'no-delete',
      scopes: ['location:create', 'location:update'],
    });
    const refused = await postImport(server, {
      token: limited.token,
      projectId,
      file: 'external_id,name,city\nA,A,Austin\n',
      query: 'delete_missing=1',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('location:delete');
    expect((await postImport(server, { token: limited.token, projectId, file: 'name,city\nA,Austin\n' })).status).toBe(
      202,
    );
  });

  it('validates its flags', async () => {
    const response = await postImport(server, {
      token,
      projectId,
      file: 'name\n',
      contentType: CSV,
      query: 'dry_run=maybe',
    });
    expect(response.status).toBe(422);
  });
});
