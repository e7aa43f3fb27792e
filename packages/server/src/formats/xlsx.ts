import { PassThrough, Readable } from 'node:stream';
import { type ExportCatalog, type ExportedLocation, exportCells, exportHeader } from '../domain/export-rows.ts';
import { type FileBounds, MAX_COLUMNS } from '../domain/file-bounds.ts';
import type { CellValue, FileRow } from '../domain/import-row.ts';
import type { RowSource } from './row-source.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';
import { checkWorkbook } from './workbook-check.ts';

const CHUNK_BYTES = 64 * 1024;

/**
 * exceljs and what it needs take a tenth of a second and tens of megabytes to load: only when a workbook is read or
 * written.
 */
async function loadExcel(): Promise<typeof import('exceljs')> {
  return (await import('exceljs')).default;
}

/** A cell as Excel stores it, read as text, a number or a boolean: formulas by their result, links by their text. */
export function cellValueOf(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellValueOf(cell.result);
    if (typeof cell.text === 'string') return cell.text;
    if ('text' in cell) return cellValueOf(cell.text);
  }
  return null;
}

/** The cells of a row (exceljs's `values`, sparse and counted from 1), no more than `width` of them. */
function cellsOf(values: readonly unknown[], width: number): CellValue[] {
  return Array.from({ length: Math.min(MAX_COLUMNS, width) }, (_, index) => cellValueOf(values[index + 1]));
}

/** The number of the last cell of a row that holds a value: a sheet's styles may reach far past its data. */
function lastFilled(values: readonly unknown[]): number {
  let last = 0;
  values.forEach((value, index) => {
    const cell = cellValueOf(value);
    if (cell !== null && cell !== '') last = index;
  });
  return last;
}

/** Why exceljs stopped: its own messages, or a reason where it failed on what it did not expect. */
function reasonOf(error: unknown): string {
  if (error instanceof TypeError || error instanceof RangeError)
    return 'The XLSX workbook cannot be read: its worksheet or shared strings are not XML as Excel writes it.';
  return `The XLSX workbook cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The rows of an XLSX workbook's first sheet, read as a stream once the workbook passes `checkWorkbook` (its parts
 * and shared strings within `bounds`): the first row with a value is the header (at most `MAX_COLUMNS` columns); rows
 * keep the numbers Excel shows.
 */
export function xlsxRows(content: Buffer, bounds: FileBounds): RowSource {
  let consumed = 0;
  const chunks = function* () {
    for (let start = 0; start < content.length; start += CHUNK_BYTES) {
      consumed = Math.min(content.length, start + CHUNK_BYTES);
      yield content.subarray(start, start + CHUNK_BYTES);
    }
  };
  async function* rows(): AsyncGenerator<FileRow> {
    await checkWorkbook(content, bounds);
    const ExcelJS = await loadExcel();
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks()), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    try {
      for await (const sheet of reader) {
        let header: string[] | undefined;
        for await (const row of sheet) {
          // `values` is sparse and counts from 1: an empty cell is a hole, which map() would keep.
          // A row also ends early where its last cells are empty: those are empty cells of their columns too.
          const values = row.values as unknown[];
          if (!header) {
            const width = lastFilled(values);
            if (width === 0) continue;
            if (width > MAX_COLUMNS)
              throw new UnreadableFileError(
                `The XLSX workbook's header (row ${row.number}) has ${width} columns; an import reads at most ${MAX_COLUMNS}.`,
              );
            header = cellsOf(values, width).map((cell, index) =>
              cell === null || cell === '' ? `(column ${index + 1})` : String(cell).trim(),
            );
            continue;
          }
          yield {
            row: row.number,
            columns: header,
            cells: cellsOf(values, Math.max(header.length, values.length - 1)),
          };
        }
        // The first sheet only.
        break;
      }
    } catch (error) {
      if (error instanceof UnreadableFileError) throw error;
      throw new UnreadableFileError(reasonOf(error));
    }
  }
  return { rows: rows(), fractionRead: () => (content.length === 0 ? 1 : consumed / content.length) };
}

/**
 * Locations as an XLSX workbook of one sheet, written as a stream (no shared strings, no styles, so memory stays
 * flat): text cells as text (a postcode `02108` stays one), coordinates as numbers.
 */
export function writeXlsx(catalog: ExportCatalog, locations: AsyncIterable<ExportedLocation>): Readable {
  const output = new PassThrough();
  const write = async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useSharedStrings: false,
      useStyles: false,
    });
    const sheet = workbook.addWorksheet('Locations');
    sheet.addRow(exportHeader(catalog)).commit();
    for await (const location of locations) {
      sheet.addRow(exportCells(location, catalog)).commit();
      if (output.writableNeedDrain) await new Promise((resolve) => output.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
