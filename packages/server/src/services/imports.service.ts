import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ImportRow } from '../db/tables/imports.table.ts';
import { NotFoundError } from '../domain/errors.ts';
import type { Actor } from '../domain/events.ts';
import type { FileFormat } from '../domain/file-formats.ts';
import { newPublicId } from '../domain/ids.ts';
import * as imports from '../repositories/imports.repository.ts';
import { claimNextImport } from '../repositories/imports.repository.ts';
import { requireProject } from './accounts.service.ts';
import { type ImportRunOptions, runImport } from './import-run.ts';
import { type ImportView, importView } from './import-view.ts';
import { importWorkerId } from './import-worker.ts';
import { accessibleProject, type ProjectRef, refOfProject } from './project-access.ts';

/** What an import does besides creating and updating: report only, delete what the file lacks, all or nothing. */
export interface ImportOptions {
  dryRun: boolean;
  deleteMissing: boolean;
  atomic: boolean;
}

export interface CreateImportOptions {
  project: ProjectRef;
  content: Buffer;
  format: FileFormat;
  fileName?: string;
  options: ImportOptions;
  /** ISO 8601 time of the request. */
  now: string;
  /** Who starts the import: the request's token, or the command. */
  createdBy: Actor;
  /**
   * A process that runs the import itself at once (the CLI), holding it until `lockedUntil`; without it the import is
   * queued for the server's import worker.
   */
  runner?: { workerId: string; lockedUntil: string };
}

/** Stores an import and its file, queued for a worker (or held by the process that runs it now). */
export async function createImport(
  db: Kysely<Database>,
  { project: ref, content, format, fileName, options, now, createdBy, runner }: CreateImportOptions,
): Promise<ImportRow> {
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
        created_by_type: createdBy.type,
        created_by_id: createdBy.id,
        created_at: now,
        started_at: runner ? now : null,
        updated_at: now,
      },
      content,
    );
  });
}

/** One import of the caller's project, as its status shows it. */
export async function getImport(
  db: Kysely<Database>,
  { project: ref, importId }: { project: ProjectRef; importId: string },
): Promise<ImportView> {
  const project = await accessibleProject(db, ref);
  const row = await imports.findImport(db, project.id, importId);
  if (!row) throw NotFoundError.of('Import');
  return importView(db, row);
}

/**
 * Imports a file into a project in this process, now (the CLI): the import is stored like every other, held by this
 * process while it runs, and resumed by a server's worker (or `resumeImports`) if the process dies. Answers the
 * import as it ended.
 */
export async function runImportNow(
  db: Kysely<Database>,
  {
    projectPublicId,
    content,
    format,
    fileName,
    options,
    leaseMs,
    onProgress,
  }: {
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
    createdBy: { type: 'cli', id: 'import' },
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
