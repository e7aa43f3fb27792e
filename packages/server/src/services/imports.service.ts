import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ImportRow, ImportStatus } from '../db/tables/imports.table.ts';
import { NotFoundError } from '../domain/errors.ts';
import type { FieldErrors } from '../domain/errors.ts';
import { newPublicId } from '../domain/ids.ts';
import type { FileFormat } from '../domain/file-formats.ts';
import * as imports from '../repositories/imports.repository.ts';
import { claimNextImport } from '../repositories/imports.repository.ts';
import { requireProject } from './accounts.service.ts';
import { runImport, type ImportRunOptions } from './import-run.ts';
import { importWorkerId } from './import-worker.ts';
import { accessibleProject, refOfProject, type ProjectRef } from './project-access.ts';

/** What an import does besides creating and updating: report only, delete what the file lacks, all or nothing. */
export interface ImportOptions {
  dryRun: boolean;
  deleteMissing: boolean;
  atomic: boolean;
}

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
  progress: { rows_read: number; rows_done: number; percent: number };
  /** Why a failed import failed. */
  error: string | null;
  report: ImportReport | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** The counts of an import row as a report's. */
export function countsOf(row: ImportRow): Omit<ImportReport, 'errors' | 'unknown_columns'> {
  return { created: row.created, updated: row.updated, unchanged: row.unchanged, deleted: row.deleted, failed: row.failed, geocoding_queued: row.geocoding_queued };
}

/** An import as its status shows it, with its report (read from its failed rows) once it has ended. */
export async function importView(db: Kysely<Database>, row: ImportRow): Promise<ImportView> {
  const ended = row.status === 'done' || row.status === 'failed';
  // A failure before any row was read (an unreadable file) has nothing to report.
  const reported = row.status === 'done' || (row.status === 'failed' && row.rows_done > 0);
  const report: ImportReport | null =
    ended && reported
      ? {
          ...countsOf(row),
          errors: (await imports.importRowErrors(db, row.id)).map((failure) => ({
            row: failure.row_number,
            external_id: failure.external_id,
            errors: JSON.parse(failure.errors) as FieldErrors,
          })),
          unknown_columns: row.unknown_columns ? (JSON.parse(row.unknown_columns) as string[]) : [],
        }
      : null;
  return {
    id: row.public_id,
    status: row.status,
    format: row.format as FileFormat,
    file_name: row.file_name,
    dry_run: row.dry_run === 1,
    delete_missing: row.delete_missing === 1,
    atomic: row.atomic === 1,
    progress: { rows_read: row.rows_read, rows_done: row.rows_done, percent: row.status === 'done' ? 100 : Math.floor(row.read_permille / 10) },
    error: row.error,
    report,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

export interface CreateImportOptions {
  project: ProjectRef;
  content: Buffer;
  format: FileFormat;
  fileName?: string;
  options: ImportOptions;
  /** ISO 8601 time of the request. */
  now: string;
  /**
   * A process that runs the import itself at once (the CLI), holding it until `lockedUntil`; without it the import is
   * queued for the server's import worker.
   */
  runner?: { workerId: string; lockedUntil: string };
}

/** Stores an import and its file, queued for a worker (or held by the process that runs it now). */
export async function createImport(db: Kysely<Database>, { project: ref, content, format, fileName, options, now, runner }: CreateImportOptions): Promise<ImportRow> {
  return db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    return imports.insertImport(
      trx,
      {
        public_id: newPublicId('import'),
        project_id: project.id,
        status: runner ? 'running' : 'queued',
        format,
        file_name: fileName ?? null,
        file_bytes: content.length,
        dry_run: options.dryRun ? 1 : 0,
        delete_missing: options.deleteMissing ? 1 : 0,
        atomic: options.atomic ? 1 : 0,
        attempts: runner ? 1 : 0,
        locked_by: runner?.workerId ?? null,
        locked_until: runner?.lockedUntil ?? null,
        created_at: now,
        started_at: runner ? now : null,
        updated_at: now,
      },
      content,
    );
  });
}

/** One import of the caller's project, as its status shows it. */
export async function getImport(db: Kysely<Database>, { project: ref, importId }: { project: ProjectRef; importId: string }): Promise<ImportView> {
  const project = await accessibleProject(db, ref);
  const row = await imports.findImport(db, project.id, importId);
  if (!row) throw NotFoundError.of('Import');
  return importView(db, row);
}

/**
 * Imports a file into a project in this process, now (the CLI): the import is stored as any other, held by this
 * process while it runs, and resumed by a server's worker (or `resumeImports`) if the process dies. Answers the
 * import as it ended.
 */
export async function runImportNow(
  db: Kysely<Database>,
  { projectPublicId, content, format, fileName, options, leaseMs, onProgress }: {
    projectPublicId: string;
    content: Buffer;
    format: FileFormat;
    fileName?: string;
    options: ImportOptions;
    leaseMs: number;
    onProgress?: ImportRunOptions['onProgress'];
  },
): Promise<ImportView> {
  const project = await requireProject(db, projectPublicId);
  const workerId = importWorkerId();
  const now = Date.now();
  const job = await createImport(db, {
    project: refOfProject(project),
    content,
    format,
    ...(fileName !== undefined ? { fileName } : {}),
    options,
    now: new Date(now).toISOString(),
    runner: { workerId, lockedUntil: new Date(now + leaseMs).toISOString() },
  });
  const ended = await runImport(db, job, { workerId, clock: Date.now, leaseMs, ...(onProgress ? { onProgress } : {}) });
  return importView(db, ended ?? job);
}

/** Runs every import that waits or was interrupted, here and now, one after another; answers them as they ended. */
export async function resumeImports(db: Kysely<Database>, { leaseMs }: { leaseMs: number }): Promise<ImportView[]> {
  const workerId = importWorkerId();
  const views: ImportView[] = [];
  for (;;) {
    const now = Date.now();
    const job = await claimNextImport(db, workerId, new Date(now).toISOString(), new Date(now + leaseMs).toISOString());
    if (!job) return views;
    const ended = await runImport(db, job, { workerId, clock: Date.now, leaseMs });
    views.push(await importView(db, ended ?? job));
  }
}
