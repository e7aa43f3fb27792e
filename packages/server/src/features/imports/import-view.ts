import type { Executor } from '../../db/executor.ts';
import type { ImportMatch, ImportRow, ImportStatus } from '../../db/tables/imports.table.ts';
import type { FieldErrors } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import type { FileFormat } from '../../domain/file-formats.ts';
import * as imports from './imports.repository.ts';

/** A row that failed, as the report lists it: its number in the file, its external ID, and why. */
export interface ImportRowFailure {
  row: number;
  external_id: string | null;
  errors: FieldErrors;
}

/** What an import did (or, in a dry run, would do). */
export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failed: number;
  geocoding_queued: number;
  errors: ImportRowFailure[];
  /** Rows created although saved locations have their name and address. */
  possible_duplicates: { row: number; external_id: string | null; location_ids: string[] }[];
  unknown_columns: string[];
}

/** An import as its status answers: options, state, progress and, once it has ended, its report. */
export interface ImportView {
  id: string;
  status: ImportStatus;
  format: FileFormat;
  file_name: string | null;
  dry_run: boolean;
  delete_missing: boolean;
  atomic: boolean;
  match: ImportMatch;
  progress: { rows_read: number; rows_done: number; percent: number };
  /** Why a failed import failed. */
  error: string | null;
  report: ImportReport | null;
  /** Who started it, as the change feed names actors; null for imports older than this record. */
  created_by: Actor | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** The counts of an import row as a report's. */
export function countsOf(row: ImportRow): Omit<ImportReport, 'errors' | 'possible_duplicates' | 'unknown_columns'> {
  return {
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    deleted: row.deleted,
    failed: row.failed,
    geocoding_queued: row.geocoding_queued,
  };
}

/** An import as its status shows it, but for its failed rows. */
export type ImportSummary = Omit<ImportView, 'report'> & {
  report: Omit<ImportReport, 'errors' | 'possible_duplicates'> | null;
};

/**
 * An import as its status shows it, without reading its failed rows: what an `import.completed` event carries (a
 * file of many bad rows would make every delivery of the event as large; `GET …/imports/{id}` lists them).
 */
export function importSummaryOf(row: ImportRow): ImportSummary {
  const ended = row.status === 'done' || row.status === 'failed';
  // A failure before any row was read (an unreadable file) has nothing to report.
  const reported = row.status === 'done' || (row.status === 'failed' && row.rows_done > 0);
  return {
    id: row.public_id,
    status: row.status,
    format: row.format as FileFormat,
    file_name: row.file_name,
    dry_run: row.dry_run === 1,
    delete_missing: row.delete_missing === 1,
    atomic: row.atomic === 1,
    match: row.match,
    progress: {
      rows_read: row.rows_read,
      rows_done: row.rows_done,
      percent: row.status === 'done' ? 100 : Math.floor(row.read_permille / 10),
    },
    error: row.error,
    report:
      ended && reported
        ? {
            ...countsOf(row),
            unknown_columns: row.unknown_columns ? (JSON.parse(row.unknown_columns) as string[]) : [],
          }
        : null,
    created_by:
      row.created_by_type !== null && row.created_by_id !== null
        ? ({ type: row.created_by_type, id: row.created_by_id } as Actor)
        : null,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/**
 * An import as its status shows it, with its report (and the failed rows, read from the database) once it has ended.
 */
export async function importView(db: Executor, row: ImportRow): Promise<ImportView> {
  const summary = importSummaryOf(row);
  if (!summary.report) return { ...summary, report: null };
  const noted = await imports.importRowErrors(db, row.id);
  const errors = noted.flatMap((failure) =>
    failure.kind === 'failed'
      ? [
          {
            row: failure.row_number,
            external_id: failure.external_id,
            errors: JSON.parse(failure.errors) as FieldErrors,
          },
        ]
      : [],
  );
  const possible_duplicates = noted.flatMap((note) =>
    note.kind === 'possible_duplicate'
      ? [
          {
            row: note.row_number,
            external_id: note.external_id,
            location_ids: (JSON.parse(note.errors) as { location_ids: string[] }).location_ids,
          },
        ]
      : [],
  );
  const { unknown_columns, ...counts } = summary.report;
  return { ...summary, report: { ...counts, errors, possible_duplicates, unknown_columns } };
}
