import type { Readable } from 'node:stream';
import type { ExportCatalog, ExportedLocation } from '../domain/export-rows.ts';
import { DEFAULT_FILE_BOUNDS, type FileBounds } from '../domain/file-bounds.ts';
import type { FileFormat } from '../domain/file-formats.ts';
import { csvRows, writeCsv } from './csv.ts';
import type { RowSource } from './row-source.ts';

export type { FileFormat } from '../domain/file-formats.ts';
export type { RowSource } from './row-source.ts';
export { UnreadableFileError } from './unreadable-file-error.ts';
export { readRowsInWorker } from './worker-rows.ts';

import { geojsonRows, writeGeojson } from './geojson.ts';
import { ndjsonRows, writeNdjson } from './ndjson.ts';
import { writeXlsx, xlsxRows } from './xlsx.ts';

/**
 * Reads an import file row by row, without holding more than the file and the rows in hand (and an XLSX workbook's
 * shared strings). Throws (at once or while iterating) an `UnreadableFileError` when the file is not of its format or
 * is past one of `bounds`. In this thread: an import reads through `readRowsInWorker`.
 */
export function readRows(format: FileFormat, content: Buffer, bounds: FileBounds = DEFAULT_FILE_BOUNDS): RowSource {
  switch (format) {
    case 'csv':
      return csvRows(content);
    case 'xlsx':
      return xlsxRows(content, bounds);
    case 'geojson':
      return geojsonRows(content);
    case 'ndjson':
      return ndjsonRows(content);
  }
}

/**
 * Writes locations as a file of the format while they are read: a stream that pulls the next ones as it is consumed.
 */
export function writeLocations(
  format: FileFormat,
  catalog: ExportCatalog,
  locations: AsyncIterable<ExportedLocation>,
): Readable {
  switch (format) {
    case 'csv':
      return writeCsv(catalog, locations);
    case 'xlsx':
      return writeXlsx(catalog, locations);
    case 'geojson':
      return writeGeojson(locations);
    case 'ndjson':
      return writeNdjson(locations);
  }
}
