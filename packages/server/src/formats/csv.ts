import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { escapeFormula, unescapeFormula } from '../domain/csv-formulas.ts';
import { type ExportCatalog, type ExportedLocation, exportCells, exportHeader } from '../domain/export-rows.ts';
import { MAX_COLUMNS, MAX_ROW_BYTES, sizeText } from '../domain/file-bounds.ts';
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

/** A record of csv-parse with what it tells of it: how many records and empty lines came before and with it. */
interface ParsedRecord {
  record: string[];
  info: { records: number; empty_lines: number };
}

/**
 * Why csv-parse stopped, as the file's author can act on it; `row` is the row it stopped in, as far as the rows read
 * tell (its error tells better: it may stop before the records of the chunk it parses are taken).
 */
function reasonOf(error: unknown, rowAfterRead: number): string {
  const { code, records, empty_lines } = error as { code?: unknown; records?: unknown; empty_lines?: unknown };
  const row = typeof records === 'number' && typeof empty_lines === 'number' ? records + empty_lines + 1 : rowAfterRead;
  if (code === 'CSV_MAX_RECORD_SIZE')
    return `Row ${row} of the CSV file is longer than ${sizeText(MAX_ROW_BYTES)}, the most a row of an import may take: the file may lack its line ends, or a quote may be left open.`;
  return `The CSV file cannot be read past row ${row - 1}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The rows of a CSV file as spreadsheets save it: UTF-8 (with or without a BOM) or UTF-16, CRLF or LF, quoted fields
 * holding separators, quotes and line breaks, comma, semicolon or tab between fields. The first record is the
 * header; the others are rows numbered as a spreadsheet shows them (the header is 1), however many lines a quoted
 * field spans. Empty lines are skipped (they still count in the numbers). A short row's missing cells are empty;
 * cells past the header's are reported under `(column N)`. A cell the export wrote after a `'` to keep it from being
 * a formula (`'=…`) is read without it (`unescapeFormula`). A row longer than `MAX_ROW_BYTES` or a header of more
 * than `MAX_COLUMNS` columns makes the file unreadable.
 */
export function csvRows(content: Buffer): RowSource {
  const text = utf8Of(content);
  const parser = parse({
    delimiter: sniffSeparator(text),
    bom: true,
    relax_column_count: true,
    // An empty line costs csv-parse a record of the wrong length each (an error object built and dropped): a file of
    // a million of them took 20 s. Skipped, they cost nothing; `info.empty_lines` keeps the rows' numbers.
    skip_empty_lines: true,
    max_record_size: MAX_ROW_BYTES,
    info: true,
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
      for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
        row = info.records + info.empty_lines;
        if (!header) {
          if (record.length > MAX_COLUMNS)
            throw new UnreadableFileError(
              `The CSV file's header has ${record.length} columns; an import reads at most ${MAX_COLUMNS}.`,
            );
          header = record.map((name, index) => name.trim() || `(column ${index + 1})`);
          continue;
        }
        // A row with fewer cells than the header has empty ones in the columns it lacks.
        const cells =
          record.length < header.length
            ? [...record, ...Array<string>(header.length - record.length).fill('')]
            : record.length > MAX_COLUMNS
              ? record.slice(0, MAX_COLUMNS)
              : record;
        yield { row, columns: header, cells: cells.map(unescapeFormula) };
      }
    } catch (error) {
      if (error instanceof UnreadableFileError) throw error;
      throw new UnreadableFileError(reasonOf(error, row + 1));
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
