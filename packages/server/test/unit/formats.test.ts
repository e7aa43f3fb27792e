import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { ExportedLocation } from '../../src/domain/export-rows.ts';
import type { FileRow } from '../../src/domain/import-row.ts';
import { type FileFormat, readRows, UnreadableFileError, writeLocations } from '../../src/formats/formats.ts';

/** The rows of a file, each cell beside its column: `{ row, values: [[column, cell], ...] }` (and `error`). */
async function rowsOf(
  format: FileFormat,
  content: Buffer,
): Promise<{ row: number; values: [string, unknown][]; error?: string }[]> {
  const rows: { row: number; values: [string, unknown][]; error?: string }[] = [];
  for await (const { row, columns, cells, error } of readRows(format, content).rows as AsyncIterable<FileRow>) {
    rows.push({
      row,
      values: cells.map((cell, index) => [columns[index] ?? `(column ${index + 1})`, cell]),
      ...(error !== undefined ? { error } : {}),
    });
  }
  return rows;
}

const LOCATION: ExportedLocation = {
  id: 'loc_1',
  external_id: 'S-1',
  name: 'Café "Zürich"; Main, St',
  address_line_1: '1 Main St\nBack entrance',
  address_line_2: null,
  city: 'Austin',
  state: 'TX',
  postcode: '02108',
  country: 'US',
  address: '1 Main St',
  display_address: '1 Main St',
  phone: null,
  email: null,
  url: null,
  facebook: null,
  instagram: null,
  twitter: null,
  yelp: null,
  youtube: null,
  tiktok: null,
  lat: 30.123456789,
  lng: -97.5,
  visible: false,
  location_type: null,
  marker: 'Red',
  cover: null,
  time_zone: 'America/Chicago',
  hours: { mon: '09:00-17:00', tue: null, wed: null, thu: null, fri: null, sat: null, sun: 'closed' },
  special_hours: [{ date: '2026-12-25', hours: 'closed', label: 'Christmas' }],
  filters: ['Wifi', 'Parking'],
  fields: { Manager: 'Ada' },
  callsToAction: {},
};
const CATALOG = { fields: ['Manager'], callsToAction: ['Book'] };

async function* one(): AsyncGenerator<ExportedLocation> {
  yield LOCATION;
}

describe('CSV', () => {
  it('reads a file as Excel saves it: BOM, semicolons, CRLF, quoted separators, quotes and line breaks', async () => {
    const file = Buffer.from(
      '\ufeffStore Name;City;Notes\r\n"Café; ""Zürich""";Austin;"two\r\nlines"\r\n;;\r\nPlain;Dallas;x;extra\r\n',
      'utf8',
    );
    expect(await rowsOf('csv', file)).toEqual([
      {
        row: 2,
        values: [
          ['Store Name', 'Café; "Zürich"'],
          ['City', 'Austin'],
          ['Notes', 'two\r\nlines'],
        ],
      },
      {
        row: 3,
        values: [
          ['Store Name', ''],
          ['City', ''],
          ['Notes', ''],
        ],
      },
      {
        row: 4,
        values: [
          ['Store Name', 'Plain'],
          ['City', 'Dallas'],
          ['Notes', 'x'],
          ['(column 4)', 'extra'],
        ],
      },
    ]);
  });

  it('reads tabs and UTF-16 with a BOM (Excel\'s "Unicode Text")', async () => {
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\tcity\r\nÖrebro\tÖrebro\r\n', 'utf16le')]);
    expect(await rowsOf('csv', file)).toEqual([
      {
        row: 2,
        values: [
          ['name', 'Örebro'],
          ['city', 'Örebro'],
        ],
      },
    ]);
  });

  it('refuses text that is not UTF-8 instead of guessing', () => {
    expect(() => readRows('csv', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a]))).toThrow(
      UnreadableFileError,
    );
  });

  it('writes what it reads back, with a BOM and CRLF', async () => {
    const bytes = await buffer(writeLocations('csv', CATALOG, one()));
    const written = bytes.toString('utf8');
    expect(written.startsWith('\ufeffexternal_id,id,name,')).toBe(true);
    expect(written).toContain('\r\n');
    const [row] = await rowsOf('csv', Buffer.from(written));
    expect(row?.values).toEqual(
      expect.arrayContaining([
        ['name', LOCATION.name],
        ['address_line_1', LOCATION.address_line_1],
        ['postcode', '02108'],
        ['lat', '30.123456789'],
        ['visible', 'false'],
        ['filters', 'Wifi|Parking'],
        ['field:Manager', 'Ada'],
        ['cta:Book', ''],
      ]),
    );
  });
});

describe('XLSX', () => {
  it('writes a workbook and reads its first sheet back, text as text and numbers as numbers', async () => {
    const [row] = await rowsOf('xlsx', await buffer(writeLocations('xlsx', CATALOG, one())));
    expect(row?.row).toBe(2);
    expect(row?.values).toEqual(
      expect.arrayContaining([
        ['name', LOCATION.name],
        ['postcode', '02108'],
        ['lat', 30.123456789],
        ['special_hours', '2026-12-25 closed Christmas'],
      ]),
    );
  });

  it('reads empty cells of a workbook as empty, whichever library wrote it', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stores');
    sheet.addRow(['id', 'name', 'lat']);
    sheet.addRow([null, 'A', 1.5]);
    sheet.addRow(['x', null, null]);
    const rows = await rowsOf('xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      {
        row: 2,
        values: [
          ['id', null],
          ['name', 'A'],
          ['lat', 1.5],
        ],
      },
      {
        row: 3,
        values: [
          ['id', 'x'],
          ['name', null],
          ['lat', null],
        ],
      },
    ]);
  });

  it('refuses a file that is no workbook', async () => {
    await expect(rowsOf('xlsx', Buffer.from('name,city\n'))).rejects.toThrow(UnreadableFileError);
  });
});

describe('NDJSON and GeoJSON', () => {
  it('reads one object a line, numbered by line; a line that is no JSON object fails alone', async () => {
    const file = Buffer.from('{"name":"A","lat":1}\r\n\r\n[1]\n{"name":\n');
    expect(await rowsOf('ndjson', file)).toEqual([
      {
        row: 1,
        values: [
          ['name', 'A'],
          ['lat', 1],
        ],
      },
      { row: 3, values: [], error: 'must be a JSON object of location fields' },
      { row: 4, values: [], error: expect.stringContaining('is not valid JSON') },
    ]);
  });

  it('reads features with their Point as lat and lng, numbered from 1', async () => {
    const file = Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [-97.5, 30.25] }, properties: { name: 'A' } },
          { type: 'Feature', geometry: null, properties: { name: 'B' } },
          { type: 'Feature', geometry: { type: 'LineString', coordinates: [] }, properties: {} },
        ],
      }),
    );
    expect(await rowsOf('geojson', file)).toEqual([
      {
        row: 1,
        values: [
          ['lat', 30.25],
          ['lng', -97.5],
          ['name', 'A'],
        ],
      },
      {
        row: 2,
        values: [
          ['lat', null],
          ['lng', null],
          ['name', 'B'],
        ],
      },
      { row: 3, values: [], error: expect.stringContaining('Point') },
    ]);
    expect(() => readRows('geojson', Buffer.from('{"type":'))).toThrow(UnreadableFileError);
  });

  it('write V2 bodies (GeoJSON: the pin as the geometry) that read back', async () => {
    const ndjson = JSON.parse(await text(writeLocations('ndjson', CATALOG, one())));
    expect(ndjson).toMatchObject({
      id: 'loc_1',
      lat: 30.123456789,
      hours: LOCATION.hours,
      filters: ['Wifi', 'Parking'],
      fields: { Manager: 'Ada' },
    });
    const geojson = JSON.parse(await text(writeLocations('geojson', CATALOG, one())));
    expect(geojson.features[0]).toMatchObject({
      type: 'Feature',
      id: 'loc_1',
      geometry: { type: 'Point', coordinates: [-97.5, 30.123456789] },
    });
    expect(geojson.features[0].properties).not.toHaveProperty('lat');
  });
});
