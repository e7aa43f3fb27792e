import type { ProjectCatalog } from '../../domain/catalog.ts';
import type { FileBounds } from '../../domain/file-bounds.ts';
import { COLUMN_NAMES, type ColumnMap, columnNameOf, columnOf } from '../../domain/import-columns.ts';
import type { FileRow } from '../../domain/import-row.ts';
import { type FileFormat, readRowsInWorker } from '../../formats/formats.ts';

/** Rows a preview reads for its samples; reading stops there. */
const PREVIEW_ROWS = 5;

/** A column of a file, as the import wizard shows it to be mapped. */
export interface PreviewColumn {
  header: string;
  /** What the column is suggested to set: the project's remembered mapping, else what the header names; null: skip. */
  suggested: string | null;
  /** Whether `suggested` comes from the project's remembered mapping. */
  remembered: boolean;
  /** The column's first non-empty values, as text. */
  samples: string[];
}

/** A file's columns with their suggested mapping, and every name a column may be mapped to. */
export interface ImportPreview {
  format: FileFormat;
  columns: PreviewColumn[];
  /** Rows read for the samples (at most five). */
  rows_read: number;
  /** The names a column may set: the input names, weekdays, and `field:`/`cta:` of what the project configured. */
  targets: string[];
}

const textOf = (cell: FileRow['cells'][number]): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'object' ? JSON.stringify(cell) : String(cell).trim();

/**
 * The header and first rows of a file, read as an import reads it (in its own thread, under the same bounds), with
 * what each column is suggested to set.
 */
export async function previewFile(
  format: FileFormat,
  content: Buffer,
  { bounds, catalog, remembered }: { bounds: FileBounds; catalog: ProjectCatalog; remembered: ColumnMap },
): Promise<ImportPreview> {
  const source = readRowsInWorker(format, content, bounds);
  const samples = new Map<string, string[]>();
  let rowsRead = 0;
  for await (const row of source.rows) {
    row.columns.forEach((header, index) => {
      const values = samples.get(header) ?? [];
      const value = textOf(row.cells[index]);
      if (value && values.length < 3) values.push(value.slice(0, 200));
      samples.set(header, values);
    });
    rowsRead += 1;
    if (rowsRead >= PREVIEW_ROWS) break;
  }
  return {
    format,
    columns: [...samples].map(([header, values]) => {
      const isRemembered = Object.hasOwn(remembered, header);
      return {
        header,
        suggested: isRemembered ? (remembered[header] ?? null) : columnNameOf(columnOf(header)),
        remembered: isRemembered,
        samples: values,
      };
    }),
    rows_read: rowsRead,
    targets: [
      ...COLUMN_NAMES,
      ...catalog.fields.map((field) => `field:${field.name}`),
      ...catalog.callsToAction.map((action) => `cta:${action.title}`),
    ],
  };
}
