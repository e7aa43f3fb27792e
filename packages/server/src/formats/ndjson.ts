import { Readable } from 'node:stream';
import { type ExportedLocation, exportObject } from '../domain/export-rows.ts';
import { MAX_COLUMNS, MAX_JSON_DEPTH, MAX_ROW_BYTES, sizeText } from '../domain/file-bounds.ts';
import type { CellValue, FileRow } from '../domain/import-row.ts';
import type { RowSource } from './row-source.ts';
import { linesOf, utf8Of } from './text.ts';

/**
 * Whether a parsed JSON value nests deeper than `limit` lists and objects. Walked without recursion: JSON.parse takes
 * a value nested 400,000 deep, which a recursive walk (or copying it to another thread) would overflow the stack on.
 * @example nestsDeeperThan({ a: [[1]] }, 2) // true
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item))
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * A JSON row's keys and values in file order; a value that is no object, has more than `MAX_COLUMNS` keys or nests
 * deeper than `MAX_JSON_DEPTH` is the row's error.
 */
export function cellsOfObject(value: unknown): { columns: string[]; cells: CellValue[] } | { error: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'must be a JSON object of location fields' };
  const columns = Object.keys(value);
  if (columns.length > MAX_COLUMNS) return { error: `has ${columns.length} fields; a row has at most ${MAX_COLUMNS}` };
  if (nestsDeeperThan(value, MAX_JSON_DEPTH))
    return {
      error: `nests lists and objects more than ${MAX_JSON_DEPTH} levels deep; a location's values nest 3 at most`,
    };
  return { columns, cells: Object.values(value as Record<string, CellValue>) };
}

/**
 * The rows of an NDJSON file: one JSON object per line, numbered by line; blank lines are skipped. A line that is not
 * a JSON object (or is longer than `MAX_ROW_BYTES`, or nests too deep) fails alone.
 */
export function ndjsonRows(content: Buffer): RowSource {
  const text = utf8Of(content);
  let end = 0;
  async function* rows(): AsyncGenerator<FileRow> {
    for (const line of linesOf(text, MAX_ROW_BYTES)) {
      end = line.end;
      if (line.text === undefined) {
        yield {
          row: line.line,
          columns: [],
          cells: [],
          error: `is longer than ${sizeText(MAX_ROW_BYTES)}, the most a row of an import may take`,
        };
        continue;
      }
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
