import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { ImportRow } from '../../db/tables/imports.table.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import type { FileFormat } from '../../domain/file-formats.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { ImportModes } from '../../domain/import-plan.ts';
import { type ProjectRef, refOfProject } from '../../domain/project-ref.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { newWorkerId } from '../../jobs/lease.ts';
import { type JobQueue, JobRunner } from '../../jobs/runner.ts';
import { accessibleProject } from '../accounts/index.ts';
import { exportLocations } from './exports.service.ts';
import { type ImportRunOptions, runImport } from './import-run.ts';
import { type ImportView, importView } from './import-view.ts';
import * as imports from './imports.repository.ts';

/** What imports are kept and run with. */
export interface ImportsDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'imports'>;
  /** Told of an unexpected error of an import or of the worker. */
  onError(error: unknown): void;
}

export interface CreateImportOptions {
  project: ProjectRef;
  content: Buffer;
  format: FileFormat;
  fileName?: string;
  options: ImportModes;
  /** Who starts the import: the request's token, or the command. */
  createdBy: Actor;
}

/**
 * Imports of files of locations, kept in the database with their files, and exports. A V2 import is queued for an
 * import worker (any server's: `worker`, which the server starts unless `IMPORT_WORKER=off`); the CLI runs its import
 * in its own process at once. Either way a process that dies leaves the import to be resumed by another.
 */
export function createImports({ db, clock, config, onError }: ImportsDeps) {
  const { leaseMs, maxBytes, bounds } = config.imports;

  /** Stores an import and its file, queued for a worker, or held by `runner` (the process that runs it now). */
  async function create(
    { project: ref, content, format, fileName, options, createdBy }: CreateImportOptions,
    runner?: { workerId: string; lockedUntil: number },
  ): Promise<ImportRow> {
    const now = isoOf(clock());
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
          match: options.match ?? 'external_id',
          attempts: runner ? 1 : 0,
          locked_by: runner?.workerId ?? null,
          locked_until: runner ? isoOf(runner.lockedUntil) : null,
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

  /** The queue of imports, as a runner works it: a queued import, or a running one whose process stopped renewing. */
  const queue: JobQueue<ImportRow, ImportRow | undefined> = {
    claim: (lease) => imports.claimNextImport(db, lease),
    run: (job, { lease, signal }) =>
      runImport(db, job, { workerId: lease.workerId, clock, leaseMs, bounds, onError, signal }),
  };
  const worker = new JobRunner(queue, { pollMs: Math.min(1000, leaseMs), leaseMs, clock, onError });

  return {
    /** The largest file an import takes, in bytes (`IMPORT_MAX_BYTES`). */
    maxBytes,

    /** This process's import worker, started by the server unless `IMPORT_WORKER=off`; one import at a time. */
    worker,

    /** Stores an import queued for a worker, and wakes this process's. */
    async queue(options: CreateImportOptions): Promise<ImportRow> {
      const created = await create(options);
      worker.wake();
      return created;
    },

    /** One import of the caller's project, as its status shows it. */
    async get({ project: ref, importId }: { project: ProjectRef; importId: string }): Promise<ImportView> {
      const project = await accessibleProject(db, ref);
      const row = await imports.findImport(db, project.id, importId);
      if (!row) throw NotFoundError.of('Import');
      return importView(db, row);
    },

    /**
     * Imports a file into a project in this process, now (the CLI): the import is stored like every other, held by
     * this process while it runs, and resumed by a server's worker (or `resume`) if the process dies. Answers the
     * import as it ended.
     */
    async runNow(
      project: { user_id: number; public_id: string },
      options: Omit<CreateImportOptions, 'project'> & { onProgress?: ImportRunOptions['onProgress'] },
    ): Promise<ImportView> {
      const { onProgress, ...rest } = options;
      const workerId = newWorkerId();
      const job = await create(
        { ...rest, project: refOfProject(project) },
        { workerId, lockedUntil: clock() + leaseMs },
      );
      const ended = await runImport(db, job, {
        workerId,
        clock,
        leaseMs,
        bounds,
        onError,
        ...(onProgress ? { onProgress } : {}),
      });
      return importView(db, ended ?? job);
    },

    /** Runs every import that waits or was interrupted, here and now, one after another; answers them as they ended. */
    async resume(): Promise<ImportView[]> {
      const workerId = newWorkerId();
      const signal = new AbortController().signal;
      const views: ImportView[] = [];
      for (;;) {
        const now = clock();
        const lease = { workerId, now, until: now + leaseMs };
        const job = await queue.claim(lease);
        if (!job) return views;
        const ended = await queue.run(job, { lease, signal });
        views.push(await importView(db, ended ?? job));
      }
    },

    /** A project's locations as a file of the format, streamed (see `exportLocations`). */
    export: (options: { project: ProjectRef; format: FileFormat }) => exportLocations(db, options),
  };
}

export type Imports = ReturnType<typeof createImports>;
