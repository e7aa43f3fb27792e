import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { ImportChangeKind } from '../../db/tables/import-row-changes.table.ts';
import type { ImportMatch, ImportRow } from '../../db/tables/imports.table.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import type { FileFormat } from '../../domain/file-formats.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { ColumnMap } from '../../domain/import-columns.ts';
import type { ImportModes } from '../../domain/import-plan.ts';
import { type ProjectRef, refOfProject } from '../../domain/project-ref.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { newWorkerId } from '../../jobs/lease.ts';
import { type JobQueue, JobRunner } from '../../jobs/runner.ts';
import { accessibleProject } from '../accounts/index.ts';
import { loadCatalog } from '../locations/index.ts';
import { exportLocations } from './exports.service.ts';
import { previewFile } from './import-preview.ts';
import { type ImportRunOptions, runImport } from './import-run.ts';
import { type ImportSummary, type ImportView, importSummaryOf, importView } from './import-view.ts';
import * as imports from './imports.repository.ts';
import { failedRowsCsvOf } from './presenters/failed-rows-csv.ts';

/** The column mapping and match a project's imports remember. */
export interface ImportMapping {
  columns: ColumnMap;
  match: ImportMatch;
  /** When it was last saved; null when it never was. */
  updated_at: string | null;
}

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
  /** The column mapping: a header to the name of what it sets, or null to skip it. */
  columns?: ColumnMap;
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
    { project: ref, content, format, fileName, options, columns, createdBy }: CreateImportOptions,
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
          column_map: columns ? JSON.stringify(columns) : null,
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
  /** An import of the caller's project, or 404. */
  async function importOf(ref: ProjectRef, importId: string): Promise<{ row: ImportRow }> {
    const project = await accessibleProject(db, ref);
    const row = await imports.findImport(db, project.id, importId);
    if (!row) throw NotFoundError.of('Import');
    return { row };
  }

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
      const { row } = await importOf(ref, importId);
      return importView(db, row);
    },

    /** The project's latest imports, newest first, without their failed rows. */
    async list({ project: ref, limit }: { project: ProjectRef; limit: number }): Promise<ImportSummary[]> {
      const project = await accessibleProject(db, ref);
      return (await imports.latestImports(db, project.id, limit)).map(importSummaryOf);
    },

    /** A page of an import's diff: the locations it created, updated (with the fields) and deleted, in that order. */
    async changes(options: {
      project: ProjectRef;
      importId: string;
      kind: ImportChangeKind | undefined;
      after: number;
      limit: number;
    }) {
      const { row } = await importOf(options.project, options.importId);
      const page = await imports.importRowChanges(db, row.id, { ...options, limit: options.limit + 1 });
      return {
        changes: page.slice(0, options.limit).map((change) => ({
          line: change.id,
          kind: change.kind,
          row: change.row_number,
          location_id: change.location_id,
          external_id: change.external_id,
          name: change.name,
          fields: change.fields ? (JSON.parse(change.fields) as string[]) : [],
        })),
        nextAfter: page.length > options.limit ? (page[options.limit - 1]?.id ?? null) : null,
      };
    },

    /** An import's failed rows as CSV, with their cells, to fix and import again. */
    async failedRowsCsv({ project: ref, importId }: { project: ProjectRef; importId: string }): Promise<string> {
      const { row } = await importOf(ref, importId);
      const noted = await imports.importRowErrors(db, row.id);
      return failedRowsCsvOf(
        noted.flatMap((failure) =>
          failure.kind === 'failed'
            ? [
                {
                  row: failure.row_number,
                  errors: JSON.parse(failure.errors) as Record<string, string[]>,
                  cells: failure.cells ? (JSON.parse(failure.cells) as Record<string, string>) : {},
                },
              ]
            : [],
        ),
      );
    },

    /** A file's columns and first values, each with the mapping suggested for it (see `previewFile`). */
    async preview({ project: ref, format, content }: { project: ProjectRef; format: FileFormat; content: Buffer }) {
      const project = await accessibleProject(db, ref);
      const [catalog, saved] = await Promise.all([
        loadCatalog(db, project.id),
        imports.findImportMapping(db, project.id),
      ]);
      const remembered = saved ? (JSON.parse(saved.columns) as ColumnMap) : {};
      return previewFile(format, content, { bounds, catalog, remembered });
    },

    /** The column mapping and match the project's imports remember; empty until one is saved. */
    async mapping({ project: ref }: { project: ProjectRef }): Promise<ImportMapping> {
      const project = await accessibleProject(db, ref);
      const saved = await imports.findImportMapping(db, project.id);
      return saved
        ? { columns: JSON.parse(saved.columns) as ColumnMap, match: saved.match, updated_at: saved.updated_at }
        : { columns: {}, match: 'external_id', updated_at: null };
    },

    /** Remembers a column mapping and match for the project's next imports, replacing the one before. */
    async saveMapping({
      project: ref,
      columns,
      match,
    }: {
      project: ProjectRef;
      columns: ColumnMap;
      match: ImportMatch;
    }): Promise<ImportMapping> {
      const updatedAt = isoOf(clock());
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        await imports.saveImportMapping(trx, {
          project_id: project.id,
          columns: JSON.stringify(columns),
          match,
          updated_at: updatedAt,
        });
        return { columns, match, updated_at: updatedAt };
      });
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
