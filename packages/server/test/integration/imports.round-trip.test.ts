import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type FileFormat, MEDIA_TYPES } from '../../src/domain/file-formats.ts';
import { type CatalogAccount, createCatalogAccount, fullLocationBody, INCLUDE_ALL } from '../support/factories.ts';
import { importFile, projectSnapshot } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer({ importWorker: true });

/** Locations with every kind of data a location can hold, made through V2. */
const BODIES: Record<string, unknown>[] = [
  fullLocationBody({
    external_id: 'ALL-1',
    special_hours: [
      { date: '2026-12-24', hours: '09:00-13:00', label: 'Christmas Eve' },
      { from: '2027-01-10', to: '2027-01-20', hours: 'closed', label: 'Renovation; back soon' },
    ],
    time_zone: 'America/New_York',
    callsToAction: { 'Order online': 'https://example.com/order', Book: 'https://example.com/book' },
    instagram: 'downtown.ig',
    yelp: 'downtown-yelp',
    youtube: '@downtown',
    tiktok: '@dt',
    address: 'Given address, not generated',
    display_address: 'Shown to visitors',
    address_line_2: 'Suite 5',
  }),
  fullLocationBody({
    name: 'Hidden, "quoted"\nand two lines',
    visible: false,
    hours: null,
    filters: [],
    fields: {},
    callsToAction: {},
    marker: null,
    location_type: null,
    cover: null,
  }),
  // Text a spreadsheet would take for a formula: a CSV export writes it after a ', which its import takes off.
  fullLocationBody({
    external_id: '-F-1',
    name: '=HYPERLINK("https://evil.example","Click")',
    city: "=cmd|' /C calc'!A0",
    address_line_1: '+1+1',
    address_line_2: "'=already quoted",
    phone: '+1 512 555 0199',
    fields: { Manager: "@SUM(1+1)*cmd|' /C calc'!A0", Floor: '-' },
  }),
  // Without coordinates: queued for geocoding, exported with empty coordinate cells.
  { name: 'Coming soon', city: 'Dallas', address_line_1: '5 Elm St', postcode: '02108', external_id: 'SOON' },
  {
    name: 'Café Zürich — 東京',
    city: 'Zürich',
    country: 'CH',
    lat: 47.3769,
    lng: 8.5417,
    phone: '+41 44 000 00 00',
    hours: {
      mon: '08:00-12:00,13:30-18:30',
      tue: null,
      wed: null,
      thu: null,
      fri: '07:00-02:00',
      sat: 'closed',
      sun: 'closed',
    },
  },
];

async function seed(owner: CatalogAccount): Promise<void> {
  for (const body of BODIES) {
    const response = await call(server, 'POST', owner.locations, { token: owner.account.token.token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  // A pin that geocoding found (whether or not the create's own geocoding answered in time): exported with its
  // coordinates, which import back unchanged.
  await server.database.db
    .updateTable('locations')
    .set({
      lat: 32.78,
      lng: -96.8,
      geocoding_status: 'done',
      geocoding_precision: 'city',
      time_zone: 'America/Chicago',
    })
    .where('project_id', '=', owner.account.project.id)
    .where('external_id', '=', 'SOON')
    .execute();
}

async function exported(owner: CatalogAccount, format: FileFormat): Promise<Buffer> {
  const response = await fetch(`${server.url}${owner.locations}/export?format=${format}`, {
    headers: { authorization: `Bearer ${owner.account.token.token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain(MEDIA_TYPES[format]);
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="locations-${owner.account.project.public_id}.${format}"`,
  );
  return Buffer.from(await response.arrayBuffer());
}

/**
 * What two projects' locations must share after a copy through a file: everything but IDs, slugs, times and the
 * geocoding state.
 */
async function portable(owner: CatalogAccount): Promise<unknown[]> {
  const list = await call(server, 'GET', `${owner.locations}?limit=100&${INCLUDE_ALL}`, {
    token: owner.account.token.token,
  });
  return list.body.data.map((location: Record<string, unknown>) => {
    const { id, slug, created_at, updated_at, geocoding, marker, filters, fields, callsToAction, ...rest } = location;
    const names = (items: unknown) =>
      (items as { name?: string; title?: string; value?: string }[]).map(({ name, title, value }) => ({
        name,
        title,
        value,
      }));
    return {
      ...rest,
      marker: (marker as { name: string } | null)?.name ?? null,
      filters: names(filters),
      fields: names(fields),
      callsToAction: names(callsToAction),
    };
  });
}

/** An exported file without the `id` of each location. */
async function withoutIds(format: FileFormat, file: Buffer): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(file.toString('utf8').replace(/,loc_[A-Za-z0-9]{16},/g, ',,'));
  if (format !== 'xlsx') return Buffer.from(file.toString('utf8').replace(/"id":"loc_[A-Za-z0-9]{16}",/g, ''));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  sheet?.getColumn(2).eachCell((cell, row) => {
    if (row > 1) cell.value = null;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(['csv', 'xlsx', 'geojson', 'ndjson'] as const)('%s export and import', (format) => {
  it('imports back into the same project with every row unchanged and nothing written', async () => {
    const owner = await createCatalogAccount(server);
    await seed(owner);
    const before = await projectSnapshot(server, owner.account.project.id);
    const file = await exported(owner, format);
    const imported = await importFile(server, {
      token: owner.account.token.token,
      projectId: owner.account.project.public_id,
      file,
      contentType: MEDIA_TYPES[format],
    });
    expect(imported.report).toEqual({
      created: 0,
      updated: 0,
      unchanged: BODIES.length,
      deleted: 0,
      failed: 0,
      geocoding_queued: 0,
      errors: [],
      possible_duplicates: [],
      unknown_columns: [],
    });
    // Not even the project's data version moved: an unchanged row is not written.
    expect((await projectSnapshot(server, owner.account.project.id)).replace(/"data_version":\d+/, '')).toBe(
      before.replace(/"data_version":\d+/, ''),
    );
  });

  it('copies every kind of data into another project with the same configuration', async () => {
    const source = await createCatalogAccount(server);
    await seed(source);
    const target = await createCatalogAccount(server);
    // The source's IDs name nothing in the target (a row naming an unknown ID fails): the copy goes without them.
    const file = await withoutIds(format, await exported(source, format));
    const imported = await importFile(server, {
      token: target.account.token.token,
      projectId: target.account.project.public_id,
      file,
      contentType: MEDIA_TYPES[format],
    });
    expect(imported.report, JSON.stringify(imported)).toMatchObject({ created: BODIES.length, failed: 0, errors: [] });
    expect(await portable(target)).toEqual(await portable(source));
  });
});

describe('the CSV export', () => {
  it('writes text a spreadsheet would take for a formula after a quote, and numbers as they are', async () => {
    const owner = await createCatalogAccount(server);
    await seed(owner);
    const rows: string[][] = parse(await exported(owner, 'csv'), { bom: true });
    const [header = [], ...records] = rows;
    const formulas = records.find((record) => record.includes('-F-1') || record.includes("'-F-1")) ?? [];
    const cell = (column: string) => formulas[header.indexOf(column)];
    expect(cell('external_id')).toBe("'-F-1");
    expect(cell('name')).toBe(`'=HYPERLINK("https://evil.example","Click")`);
    expect(cell('city')).toBe("'=cmd|' /C calc'!A0");
    expect(cell('address_line_1')).toBe("'+1+1");
    expect(cell('address_line_2')).toBe("''=already quoted");
    expect(cell('phone')).toBe("'+1 512 555 0199");
    expect(cell('field:Manager')).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(cell('field:Floor')).toBe("'-");
    const formulaCells = records.flatMap((record) =>
      record.filter((text) => /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)),
    );
    expect(formulaCells).toEqual([]);
    // A negative coordinate is a number, which no spreadsheet takes for a formula.
    expect(records.some((record) => record[header.indexOf('lng')] === '-96.8')).toBe(true);
  });
});
