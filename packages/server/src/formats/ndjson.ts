import { Readable } from 'node:stream';
import { type ExportedLocation, exportObject } from '../domain/export-rows.ts';
import type { CellValue, FileRow } from '../domain/import-row.ts';
import type { RowSource } from './row-source.ts';
import { linesOf, utf8Of } from './text.ts';

/** A JSON row's keys and values in file order; a value that is no object is the row's error. */
export function cellsOfObject(value: unknown): { columns: string[]; cells: CellValue[] } | { error: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'must be a JSON object of location fields' };
  return { columns: Object.keys(value), cells: Object.values(value as Record<string, CellValue>) };
}

/**
 * The rows of an NDJSON file: one JSON object per line, numbered by line; blank lines are skipped. A line that is not
 * a JSON object fails alone.
 */
export function ndjsonRows(content: Buffer): RowSource {
  const text = utf8Of(content);
  let end = 0;
  async function* rows(): AsyncGenerator<FileRow> {
    for (const line of linesOf(text)) {
      end = line.end;
      if (line.text.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line.text);
      } catch (error) {
        yield {
          row: line.line,
          columns: [],
          cells: [],
          error: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
        };
        continue;
      }
      const read = cellsOfObject(parsed);
      yield 'error' in read
        ? { row: line.line, columns: [], cells: [], error: read.error }
        : { row: line.line, ...read };
    }
  }
  return { rows: rows(), fractionRead: () => (text.length === 0 ? 1 : Math.min(1, end / text.length)) };
}

/** Locations as NDJSON: one V2 write body (with `id`) per line. */
export function writeNdjson(locations: AsyncIterable<ExportedLocation>): Readable {
  async function* lines(): AsyncGenerator<string> {
    for await (const location of locations)
      yield `${JSON.stringify(exportObject(location, { withCoordinates: true }))}\n`;
  }
  return Readable.from(lines(), { objectMode: false });
}
