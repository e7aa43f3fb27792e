import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ImportRow } from '../../db/tables/imports.table.ts';
import { findByName, findCallToAction, type ProjectCatalog } from '../../domain/catalog.ts';
import type { FieldErrors } from '../../domain/errors.ts';
import type { FileBounds } from '../../domain/file-bounds.ts';
import { type ColumnMap, type ImportColumn, mappedColumnOf } from '../../domain/import-columns.ts';
import {
  atomicFailure,
  type Candidate,
  DELETE_MISSING_NEEDS_KEYS,
  ImportPlan,
  noCounts,
} from '../../domain/import-plan.ts';
import { type FileRow, readImportRow } from '../../domain/import-row.ts';
import type { LocationInput } from '../../domain/location-input.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { type FileFormat, type RowSource, readRowsInWorker, UnreadableFileError } from '../../formats/formats.ts';
import { keepRenewing, type Renewal } from '../../jobs/lease.ts';
import { bodyCheck } from '../../schemas/body-validation.ts';
import { LocationCreateV2, LocationPatchV2, loadCatalog } from '../locations/index.ts';
import { giveUp, MAX_IMPORT_ATTEMPTS } from './import-end.ts';
import {
  atomicWriter,
  dryRunWriter,
  finishImport,
  type ImportProgress,
  type ImportWriter,
  perBatchWriter,
  type RunContext,
  type RunStop,
} from './import-writers.ts';
import * as imports from './imports.repository.ts';

/**
 * Rows per transaction. Each batch is one transaction holding the project's change lock (and, on SQLite, the
 * database's one writer) for about a tenth of a second; a commit is one disk sync, which on this project's machines
 * cost 10 to 50 ms. Measured in docs/decisions/bulk-import.md.
 */
export const IMPORT_BATCH_ROWS = 1000;

export interface ImportRunOptions {
  /** Who runs it (host, process and a random part), as the lease names it. */
  workerId: string;
  clock: Clock;
  /** How long the import stays this process's without a sign of life; renewed three times as often. */
  leaseMs: number;
  /** What reading the file may take; a file past a bound fails the import. */
  bounds: FileBounds;
  /** Told after each batch, for a progress bar. */
  onProgress?: (progress: { rowsRead: number; rowsDone: number; fractionRead: number }) => void;
  /** Told of an unexpected error that failed the import (the import's `error` says only that one happened). */
  onError?: (error: unknown) => void;
  /** Aborted when the process is stopping: the import is handed back to the queue after the batch in hand. */
  signal?: AbortSignal;
}

const hasErrors = (errors: FieldErrors | undefined): errors is FieldErrors =>
  errors !== undefined && Object.keys(errors).length > 0;

/** The rows of a file as candidates: each header read once into its column, against the project's catalog. */
class FileRows {
  readonly unknownColumns = new Set<string>();
  readonly #columns = new Map<string, ImportColumn>();
  #sawExternalIdColumn = false;

  constructor(
    private readonly catalog: ProjectCatalog,
    private readonly columnMap: ColumnMap | undefined,
  ) {}

  /** Whether any row so far had an external_id column: without one the file names no key. */
  get namesKeys(): boolean {
    return this.#sawExternalIdColumn;
  }

  /** Whether a header has been read yet. */
  get hasColumns(): boolean {
    return this.#columns.size > 0;
  }

  /** The column a header names, counting those the import does not read (and fields it does not know) as unknown. */
  #columnOf(header: string): ImportColumn {
    let column = this.#columns.get(header);
    if (!column) {
      column = mappedColumnOf(header, this.columnMap);
      const unconfigured =
        (column.kind === 'field' && !findByName(this.catalog.fields, column.name)) ||
        (column.kind === 'callToAction' && !findCallToAction(this.catalog, column.title));
      if (unconfigured) column = { kind: 'unknown' };
      if (column.kind === 'unknown') this.unknownColumns.add(header);
      if (column.kind === 'text' && column.field === 'external_id') this.#sawExternalIdColumn = true;
      this.#columns.set(header, column);
    }
    return column;
  }

  /**
   * A row read into a V2 body (the schema checks it once the row is known to update or create); none for a blank row.
   */
  candidateOf(fileRow: FileRow): Candidate | undefined {
    if (fileRow.error) {
      return { row: fileRow.row, externalId: undefined, id: undefined, input: {}, errors: { row: [fileRow.error] } };
    }
    const read = readImportRow(fileRow, (header) => this.#columnOf(header));
    if (!read) return undefined;
    return {
      row: read.row,
      externalId: read.externalId,
      id: read.id,
      input: read.body as LocationInput,
      errors: hasErrors(read.errors) ? read.errors : undefined,
      cells: cellsOf(fileRow),
    };
  }
}

/** A row's cells as text, by header (a JSON value as JSON), as a failed row is downloaded. */
function cellsOf({ columns, cells }: FileRow): Record<string, string> {
  const text: Record<string, string> = {};
  columns.forEach((header, index) => {
    const cell = cells[index];
    text[header] =
      cell === null || cell === undefined ? '' : typeof cell === 'object' ? JSON.stringify(cell) : String(cell);
  });
  return text;
}

const checks = { patch: bodyCheck(LocationPatchV2), create: bodyCheck(LocationCreateV2) };

/**
 * One run of one import, by the process holding its lease: reads the file, has each row decided against the saved
 * locations (`ImportPlan`), writes batch by batch as its mode's writer does, and records the outcome. See
 * docs/decisions/bulk-import.md for what it promises when the process dies.
 */
class ImportRun {
  readonly #plan = new ImportPlan(checks);
  readonly #progress: ImportProgress;
  /** Only a batch-by-batch run resumes where it stopped; a dry or atomic run saved nothing and starts again. */
  readonly #resumes: boolean;
  #renewal: Renewal | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly job: ImportRow,
    private readonly options: ImportRunOptions,
  ) {
    this.#resumes = job.dry_run === 0 && job.atomic === 0;
    const { created, updated, unchanged, deleted, failed, geocoding_queued } = job;
    this.#progress = {
      counts: this.#resumes ? { created, updated, unchanged, deleted, failed, geocoding_queued } : noCounts(),
      pendingFailures: [],
      pendingChanges: [],
      unknownColumns: new Set(),
      rowsRead: 0,
      rowsDone: 0,
      fractionRead: 0,
    };
  }

  get #context(): RunContext {
    const { db, job } = this;
    return {
      db,
      job,
      workerId: this.options.workerId,
      plan: this.#plan,
      progress: this.#progress,
      now: this.options.clock,
      storedProgress: () => this.#renewal?.wrote(),
    };
  }

  /** Runs the import to its end and records it; answers the import as it ended, or undefined when another took it. */
  async run(): Promise<ImportRow | undefined> {
    const { db, job, options } = this;
    this.#renewal = keepRenewing(
      () =>
        imports.updateHeldImport(db, job.id, options.workerId, {
          locked_until: isoOf(options.clock() + options.leaseMs),
          rows_read: this.#progress.rowsRead,
          rows_done: this.#progress.rowsDone,
          read_permille: Math.floor(this.#progress.fractionRead * 1000),
        }),
      { leaseMs: options.leaseMs, clock: options.clock, onError: (error) => options.onError?.(error) },
    );
    let writer: ImportWriter | undefined;
    try {
      const content = await imports.readImportFile(db, job.id);
      if (!content) return await this.#fail('The file of this import is no longer stored.');
      const source = readRowsInWorker(job.format as FileFormat, content, options.bounds);
      const columnMap = job.column_map ? (JSON.parse(job.column_map) as ColumnMap) : undefined;
      const rows = new FileRows(await loadCatalog(db, job.project_id), columnMap);
      this.#progress.unknownColumns = rows.unknownColumns;
      writer =
        job.dry_run === 1
          ? dryRunWriter(this.#context)
          : job.atomic === 1
            ? await atomicWriter(this.#context)
            : perBatchWriter(this.#context);
      const stop = (await this.#readAll(rows, source, writer)) ?? (await this.#afterRows(rows, writer));
      if (stop) return await this.#stopped(stop, writer);
      return await writer.end({ status: 'done', error: null });
    } catch (error) {
      await writer?.abandon();
      if (error instanceof UnreadableFileError) return await this.#fail(error.message);
      options.onError?.(error);
      // An atomic import's transaction was rolled back: none of the writes its counts tell was saved.
      if (!this.#resumes && job.dry_run === 0) this.#savedNothing();
      const { rowsDone } = this.#progress;
      const saved = this.#resumes && rowsDone > 0 ? 'the rows before were saved' : 'nothing was saved';
      return await this.#fail(
        `The import stopped on an unexpected error after ${rowsDone} rows; ${saved}. The server's log has the details.`,
      );
    } finally {
      this.#renewal.stop();
    }
  }

  /**
   * Reads every row, a batch at a time, and has the writer write each batch. Rows a resumed run finished before are
   * read again only for their keys.
   */
  async #readAll(rows: FileRows, source: RowSource, writer: ImportWriter): Promise<RunStop | undefined> {
    const progress = this.#progress;
    const skip = this.#resumes ? this.job.checkpoint : 0;
    let records = 0;
    let batch: Candidate[] = [];
    let checkedColumns = false;
    for await (const fileRow of source.rows) {
      records += 1;
      progress.rowsRead += 1;
      progress.fractionRead = source.fractionRead();
      const candidate = rows.candidateOf(fileRow);
      if (!checkedColumns && rows.hasColumns) {
        checkedColumns = true;
        const refused = this.#refusal(rows);
        if (refused) return refused;
      }
      if (records <= skip) {
        if (candidate) this.#plan.noteDone(candidate);
        progress.rowsDone += 1;
        continue;
      }
      if (candidate) batch.push(candidate);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        const stop = await this.#write(writer, batch, records);
        if (stop) return stop;
        batch = [];
      }
    }
    progress.fractionRead = 1;
    if (batch.length > 0 || records > skip) return this.#write(writer, batch, records);
    return undefined;
  }

  /** Writes a batch; then requests waiting for the database get their turn, and a stopping process stops here. */
  async #write(writer: ImportWriter, batch: Candidate[], records: number): Promise<RunStop | undefined> {
    const stop = await writer.batch(batch, records);
    if (stop) return stop;
    const progress = this.#progress;
    progress.rowsDone = progress.rowsRead;
    // The status shows progress within a second (a batch that wrote stored it already), not at the lease's renewal.
    this.#renewal?.soon();
    this.options.onProgress?.({
      rowsRead: progress.rowsRead,
      rowsDone: progress.rowsDone,
      fractionRead: progress.fractionRead,
    });
    await new Promise((resolve) => setImmediate(resolve));
    return this.options.signal?.aborted ? { stop: 'stopping' } : undefined;
  }

  /** After the rows: an atomic import with a failed row saves nothing; then `delete_missing` deletes. */
  async #afterRows(rows: FileRows, writer: ImportWriter): Promise<RunStop | undefined> {
    const { failed } = this.#progress.counts;
    // A dry run of an atomic import reports what the real one would: with a failed row, nothing saved.
    if (this.job.atomic === 1 && failed > 0) {
      this.#savedNothing();
      return { stop: 'failed', reason: atomicFailure(failed, { dryRun: this.job.dry_run === 1 }) };
    }
    if (this.job.delete_missing !== 1) return undefined;
    return this.#refusal(rows) ?? (await writer.deleteMissing());
  }

  /** `delete_missing` needs the file's keys: a file without an external_id column would delete every keyed location. */
  #refusal(rows: FileRows): RunStop | undefined {
    return this.job.delete_missing === 1 && !rows.namesKeys
      ? { stop: 'failed', reason: DELETE_MISSING_NEEDS_KEYS }
      : undefined;
  }

  /** What a run that saved nothing reports: its unchanged and failed rows only. */
  #savedNothing(): void {
    const { unchanged, failed } = this.#progress.counts;
    this.#progress.counts = { ...noCounts(), unchanged, failed };
  }

  async #stopped(stop: RunStop, writer: ImportWriter): Promise<ImportRow | undefined> {
    await writer.abandon();
    if (stop.stop === 'failed') return this.#fail(stop.reason);
    if (stop.stop === 'stopping') {
      // Handed back to the queue without counting the attempt, for this or another process to resume.
      const now = isoOf(this.options.clock());
      await imports.updateHeldImport(this.db, this.job.id, this.options.workerId, {
        status: 'queued',
        locked_by: null,
        locked_until: null,
        attempts: this.job.attempts - 1,
        updated_at: now,
      });
    }
    return undefined;
  }

  /** Fails the import with `reason`, in a transaction of its own; undefined when the lease was lost. */
  async #fail(reason: string): Promise<ImportRow | undefined> {
    return finishImport(this.#context, { status: 'failed', error: reason }, { resumes: this.#resumes });
  }
}

/**
 * Runs an import this process holds (claimed from the queue, or created by the CLI to run at once) to its end.
 * Returns the import as it ended, or undefined when its lease was lost to another process.
 */
export async function runImport(
  db: Kysely<Database>,
  job: ImportRow,
  options: ImportRunOptions,
): Promise<ImportRow | undefined> {
  if (job.attempts > MAX_IMPORT_ATTEMPTS) return db.transaction().execute((trx) => giveUp(trx, job, options.clock()));
  return new ImportRun(db, job, options).run();
}
