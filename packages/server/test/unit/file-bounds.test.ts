import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { DEFAULT_FILE_BOUNDS, type FileBounds, sizeText } from '../../src/domain/file-bounds.ts';
import type { FileRow } from '../../src/domain/import-row.ts';
import { type FileFormat, type RowSource, readRows, readRowsInWorker } from '../../src/formats/formats.ts';
import { nestsDeeperThan } from '../../src/formats/ndjson.ts';
import {
  deflatedPart,
  nestedJson,
  sharedStringsBomb,
  sharedStringsPart,
  sheetPart,
  utf16WithLoneSurrogate,
  workbookOf,
  zipOf,
} from '../support/hostile-files.ts';

// What each reader does with files made to hurt it: past a bound, the file (or the row) fails with a reason that
// names the bound; nothing is held whole that the bounds do not limit. The server's side: test/system/hostile-files.

async function all(source: RowSource): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of source.rows) rows.push(row);
  return rows;
}

const read = async (format: FileFormat, content: string | Buffer, bounds: FileBounds = DEFAULT_FILE_BOUNDS) =>
  all(readRows(format, Buffer.from(content), bounds));

const workbook = () =>
  workbookOf(
    sharedStringsPart(['name', 'city', 'Store 1', 'Austin']),
    sheetPart([
      [0, 1],
      [2, 3],
    ]),
  );

describe('CSV bounds', () => {
  it('skips empty lines without a row each, and keeps the rows numbered as a spreadsheet shows them', async () => {
    const rows = await read('csv', `\r\nname,city\r\n${'\r\n'.repeat(100_000)}Store 1,Austin\r\n\r\nStore 2\r\n`);
    expect(rows).toEqual([
      { row: 100_003, columns: ['name', 'city'], cells: ['Store 1', 'Austin'] },
      { row: 100_005, columns: ['name', 'city'], cells: ['Store 2', ''] },
    ]);
  });

  it('refuses a row longer than 1 MiB, by its number, instead of holding it', async () => {
    const noLineEnds = `name,city\nStore 1,Austin\n${'x'.repeat(3 * 1024 * 1024)}`;
    await expect(read('csv', noLineEnds)).rejects.toThrow(
      'Row 3 of the CSV file is longer than 1 MiB, the most a row of an import may take',
    );
  });

  it('refuses a header of more than 1,000 columns', async () => {
    await expect(read('csv', `${','.repeat(5000)}\na\n`)).rejects.toThrow(
      "The CSV file's header has 5001 columns; an import reads at most 1000.",
    );
  });
});

describe('UTF-16 text', () => {
  it('refuses half a character (a lone surrogate) instead of making it U+FFFD', async () => {
    await expect(read('csv', utf16WithLoneSurrogate('name\nCaf\u00e9 X\n', 9))).rejects.toThrow(
      'The file is UTF-16 text with a broken character on line 2',
    );
    const bigEndian = Buffer.from(utf16WithLoneSurrogate('name\nX\n', 0)).swap16();
    await expect(read('csv', bigEndian)).rejects.toThrow('broken character on line 1');
  });

  it('refuses an odd byte at the end, and reads a whole pair (an emoji) as it is', async () => {
    const text = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\n\u{1F600}\n', 'utf16le')]);
    expect((await read('csv', text))[0]?.cells).toEqual(['\u{1F600}']);
    await expect(read('csv', Buffer.concat([text, Buffer.from([0x41])]))).rejects.toThrow('broken character');
  });
});

describe('JSON bounds', () => {
  it('tells how deep a value nests without recursion, however deep', () => {
    expect(nestsDeeperThan({ a: [[1]] }, 2)).toBe(true);
    expect(nestsDeeperThan({ a: [[1]] }, 3)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nestedJson(400_000)), 32)).toBe(true);
  });

  it('fails an NDJSON line nested 400,000 deep, or longer than 1 MiB, alone', async () => {
    const file = [
      '{"name":"Before"}',
      `{"name":"Deep","fields":{"x":${nestedJson(400_000)}}}`,
      `{"name":"${'x'.repeat(1024 * 1024)}"}`,
      '{"name":"After"}',
    ].join('\n');
    const rows = await read('ndjson', file);
    expect(rows.map(({ row, error }) => ({ row, error }))).toEqual([
      { row: 1, error: undefined },
      { row: 2, error: "nests lists and objects more than 32 levels deep; a location's values nest 3 at most" },
      { row: 3, error: 'is longer than 1 MiB, the most a row of an import may take' },
      { row: 4, error: undefined },
    ]);
  });

  it('fails a GeoJSON feature whose properties nest 400,000 deep alone', async () => {
    const feature = (properties: string) => `{"type":"Feature","geometry":null,"properties":${properties}}`;
    const file = `{"type":"FeatureCollection","features":[${feature(`{"name":${nestedJson(400_000)}}`)},${feature('{"name":"Fine"}')}]}`;
    const rows = await read('geojson', file);
    expect(rows.map(({ row, error }) => ({ row, error }))).toEqual([
      { row: 1, error: expect.stringContaining('properties nests lists and objects more than 32 levels deep') },
      { row: 2, error: undefined },
    ]);
  });
});

describe('XLSX bounds', () => {
  it('refuses 4,000,000 shared strings of 1,000 characters (4 GB unpacked) at once, naming the setting', async () => {
    const bomb = workbookOf(sharedStringsBomb(4_000_000, 1000), sheetPart([[0]]));
    expect(bomb.length).toBeLessThan(20 * 1024 * 1024);
    await expect(read('xlsx', bomb)).rejects.toThrow(
      "The XLSX workbook's shared strings (xl/sharedStrings.xml) unpack to 3.8 GiB, more than the 100 MiB an import reads (IMPORT_XLSX_MAX_STRINGS_BYTES).",
    );
  });

  it('refuses parts past the unpacked bound, and reads the same workbook under the defaults', async () => {
    const bounds = { ...DEFAULT_FILE_BOUNDS, xlsxUnpackedBytes: 1024 };
    await expect(read('xlsx', workbook(), bounds)).rejects.toThrow(
      /The XLSX workbook's parts unpack to [\d.]+ KiB, more than the 1 KiB an import reads \(IMPORT_XLSX_MAX_UNPACKED_BYTES\)\./,
    );
    expect(await read('xlsx', workbook())).toEqual([
      { row: 2, columns: ['name', 'city'], cells: ['Store 1', 'Austin'] },
    ]);
  });

  it('refuses a part that unpacks to more than it declares, counting as it unpacks', async () => {
    const liar = { ...sharedStringsBomb(100_000, 100), size: 1000 };
    await expect(read('xlsx', workbookOf(liar, sheetPart([[0]])))).rejects.toThrow(
      'The XLSX workbook is damaged: its part xl/sharedStrings.xml unpacks to more than the 1000 bytes it declares.',
    );
  });

  it('gives a reason for what is no workbook, or a workbook exceljs cannot read', async () => {
    await expect(read('xlsx', workbook().subarray(0, 300))).rejects.toThrow(
      'The file is not an XLSX workbook: it is no ZIP archive',
    );
    await expect(read('xlsx', zipOf([deflatedPart('a.txt', 'hello')]))).rejects.toThrow('it has no xl/workbook.xml');
    const broken = deflatedPart(
      'xl/worksheets/sheet1.xml',
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row><c t="s"><v>x</v></c></row></sheetData></worksheet>',
    );
    await expect(read('xlsx', workbookOf(sharedStringsPart(['name']), broken))).rejects.toThrow(
      'The XLSX workbook cannot be read: its worksheet or shared strings are not XML as Excel writes it.',
    );
  });
});

describe('the reading thread', () => {
  it('hands over the rows readRows reads, in batches', async () => {
    const file = Buffer.from(`name,city\n${Array.from({ length: 1200 }, (_, n) => `Store ${n},Austin`).join('\n')}`);
    const inWorker = await all(readRowsInWorker('csv', file, DEFAULT_FILE_BOUNDS));
    expect(inWorker).toEqual(await all(readRows('csv', file)));
    expect(inWorker).toHaveLength(1200);
  });

  it('fails a file that takes more memory than its bound, and this thread goes on', async () => {
    const feature = (n: number) =>
      `{"type":"Feature","geometry":{"type":"Point","coordinates":[-97.7,30.2]},"properties":{"name":"Store ${n}","city":"Austin","n":${n}}}`;
    const file = Buffer.from(
      `{"type":"FeatureCollection","features":[${Array.from({ length: 200_000 }, (_, n) => feature(n)).join(',')}]}`,
    );
    await expect(
      all(readRowsInWorker('geojson', file, { ...DEFAULT_FILE_BOUNDS, readerMemoryMb: 16 })),
    ).rejects.toThrow(
      "Reading the file took more than the 16 MB of memory an import's reader may use (IMPORT_READER_MEMORY_MB).",
    );
  });

  it('passes a file unreadable in the thread on with its reason', async () => {
    await expect(all(readRowsInWorker('xlsx', Buffer.from('PK no zip'), DEFAULT_FILE_BOUNDS))).rejects.toThrow(
      'The file is not an XLSX workbook',
    );
  });
});

describe('the bounds as configured', () => {
  it('default to a 100,000-row workbook, and are read from the environment', () => {
    expect(loadConfig({}).imports.bounds).toEqual(DEFAULT_FILE_BOUNDS);
    expect(
      loadConfig({
        IMPORT_XLSX_MAX_UNPACKED_BYTES: '2048',
        IMPORT_XLSX_MAX_STRINGS_BYTES: '1024',
        IMPORT_READER_MEMORY_MB: '128',
      }).imports.bounds,
    ).toEqual({ xlsxUnpackedBytes: 2048, xlsxSharedStringsBytes: 1024, readerMemoryMb: 128 });
    expect(() => loadConfig({ IMPORT_READER_MEMORY_MB: '8' })).toThrow('IMPORT_READER_MEMORY_MB');
    expect(sizeText(100 * 1024 * 1024)).toBe('100 MiB');
  });
});
