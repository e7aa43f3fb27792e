import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { escapeFormula, unescapeFormula } from '../domain/csv-formulas.ts';
import { type ExportCatalog, type ExportedLocation, exportCells, exportHeader } from '../domain/export-rows.ts';
import type { FileRow } from '../domain/import-row.ts';
import type { RowSource } from './row-source.ts';
import { utf8Of } from './text.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

const SEPARATORS = [',', ';', '\t'] as const;
const CHUNK_BYTES = 64 * 1024;

/**
 * The separator of a CSV file, sniffed from its header line: whichever of comma, semicolon (Excel where the decimal
 * mark is a comma) and tab occurs most outside quotes; a comma on a tie.
 * @example sniffSeparator(Buffer.from('Name;City\r\n')) // ";"
 */
export function sniffSeparator(text: Buffer): string {
  const newline = text.indexOf(0x0a);
  const header = text.toString('utf8', 0, newline === -1 ? Math.min(text.length, CHUNK_BYTES) : newline);
  const counts = new Map<string, number>(SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const character of header) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && counts.has(character)) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/**
 * The rows of a CSV file as spreadsheets save it: UTF-8 (with or without a BOM) or UTF-16, CRLF or LF, quoted fields
 * holding separators, quotes and line breaks, comma, semicolon or tab between fields. The first record is the
 * header; the others are rows numbered as a spreadsheet shows them (the header is 1), however many lines a quoted
 * field spans. A short row's missing cells are empty; cells past the header's are reported under `(column N)`. A
 * cell the export wrote after a `'` to keep it from being a formula (`'=…`) is read without it (`unescapeFormula`).
 */
export function csvRows(content: Buffer): RowSource {
  const text = utf8Of(content);
  const parser = parse({
    delimiter: sniffSeparator(text),
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
  });
  // How far reading has come is what the parser has been handed: a chunk ahead of the rows at most.
  let bytes = 0;
  const chunks = function* () {
    for (let start = 0; start < text.length; start += CHUNK_BYTES) {
      bytes = Math.min(text.length, start + CHUNK_BYTES);
      yield text.subarray(start, start + CHUNK_BYTES);
    }
  };
  Readable.from(chunks()).pipe(parser);
  async function* rows(): AsyncGenerator<FileRow> {
    let header: string[] | undefined;
    let row = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        row += 1;
        if (!header) {
          header = record.map((name, index) => name.trim() || `(column ${index + 1})`);
          continue;
        }
        // A row with fewer cells than the header has empty ones in the columns it lacks.
        const cells =
          record.length < header.length
            ? [...record, ...Array<string>(header.length - record.length).fill('')]
            : record;
        yield { row, columns: header, cells: cells.map(unescapeFormula) };
      }
    } catch (error) {
      throw new UnreadableFileError(
        `The CSV file cannot be read past row ${row}: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      parser.destroy();
    }
  }
  return { rows: rows(), fractionRead: () => (text.length === 0 ? 1 : bytes / text.length) };
}

/**
 * Locations as CSV: UTF-8 with a byte-order mark (so Excel opens it as UTF-8), CRLF line ends, quoted as RFC 4180
 * says, under the header of `exportHeader`; a text a spreadsheet would take for a formula after a `'`
 * (`escapeFormula`).
 */
export function writeCsv(catalog: ExportCatalog, locations: AsyncIterable<ExportedLocation>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${stringify([exportHeader(catalog)], { record_delimiter: 'windows' })}`;
    let batch: (string | number)[][] = [];
    for await (const location of locations) {
      batch.push(exportCells(location, catalog).map(escapeFormula));
      if (batch.length === 100) {
        yield stringify(batch, { record_delimiter: 'windows' });
        batch = [];
      }
    }
    if (batch.length > 0) yield stringify(batch, { record_delimiter: 'windows' });
  }
  return Readable.from(lines(), { objectMode: false });
}
