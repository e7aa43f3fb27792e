import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Decision, decideTransaction } from '../../db/decide-transaction.ts';
import type { Executor } from '../../db/executor.ts';
import type { ImportRow, UpdateableImportRow } from '../../db/tables/imports.table.ts';
import { type Candidate, type ImportCounts, type ImportPlan, sumCounts } from '../../domain/import-plan.ts';
import { isoOf } from '../../domain/time.ts';
import { lockProjectForChange } from '../accounts/index.ts';
import {
  deleteLocations,
  findLocationRecordsByIds,
  keyedLocations,
  loadLocationViews,
  saveLocations,
  type WriteContext,
} from '../locations/index.ts';
import {
  type DecidedBatch,
  decideBatch,
  type RowChange,
  type RowFailure,
  savedChanges,
  writesOf,
} from './import-batch.ts';
import { endImport, importActorOf } from './import-end.ts';
import * as imports from './imports.repository.ts';

/** What a batch of a batch-by-batch import came to: written (or not: nothing to write), or the lease lost. */
type BatchOutcome = { written: boolean; decided: DecidedBatch } | { lost: true };

/** Locations deleted per transaction by `delete_missing`. */
const DELETE_BATCH = 500;

/** How a run ends before its last step, as a value: its lease was lost, its process is stopping, or it fails. */
export type RunStop = { stop: 'lost' } | { stop: 'stopping' } | { stop: 'failed'; reason: string };

/** What a run knows as it goes: its counts, the failed rows not yet stored, and how far through the file it is. */
export interface ImportProgress {
  counts: ImportCounts;
  pendingFailures: RowFailure[];
  /** The diff's lines not yet stored (a dry or atomic run stores them at its end). */
  pendingChanges: RowChange[];
  unknownColumns: ReadonlySet<string>;
  rowsRead: number;
  rowsDone: number;
  fractionRead: number;
}

/** What a writer works with: the import, held by `workerId`, its plan and progress, and the time. */
export interface RunContext {
  db: Kysely<Database>;
  job: ImportRow;
  workerId: string;
  plan: ImportPlan;
  progress: ImportProgress;
  now(): number;
  /** Told when a write stored the progress with it, so no write of its own is needed for a while. */
  storedProgress?(): void;
}

/**
 * How an import's decisions are written, one writer per mode: batch by batch with a checkpoint each (the import
 * resumes after the last one committed), all in one transaction (`atomic`), or not at all (`dry_run`).
 */
export interface ImportWriter {
  /** Decides a batch of rows (the file's first `records` are done after it) and writes it as the mode does. */
  batch(candidates: readonly Candidate[], records: number): Promise<RunStop | undefined>;
  /** Deletes (or, in a dry run, counts) the keyed locations the file does not name: `delete_missing`. */
  deleteMissing(): Promise<RunStop | undefined>;
  /** Records the end the progress tells; undefined when another process holds the import now. */
  end(end: { status: 'done' | 'failed'; error: string | null }): Promise<ImportRow | undefined>;
  /** Undoes what the mode may not keep when the run stops before its end (an atomic run's transaction). */
  abandon(): Promise<void>;
}

const add = (progress: ImportProgress, batch: DecidedBatch) => {
  progress.counts = sumCounts(progress.counts, batch.counts);
  progress.pendingFailures.push(...batch.failures);
  progress.pendingChanges.push(...batch.changes);
};

/** Stores lines of the diff of an import. */
const storeChanges = (db: Executor, importId: number, changes: readonly RowChange[]) =>
  imports.insertImportRowChanges(
    db,
    changes.map((change) => ({
      import_id: importId,
      kind: change.kind,
      row_number: change.row,
      location_id: change.locationId,
      external_id: change.externalId,
      name: change.name,
      fields: change.fields ? JSON.stringify(change.fields) : null,
    })),
  );

/** The diff's lines of locations `delete_missing` deletes. */
const deletionsOf = (records: readonly { public_id: string; external_id: string | null; name: string }[]) =>
  records.map(
    (record): RowChange => ({
      kind: 'deleted',
      row: null,
      locationId: record.public_id,
      externalId: record.external_id,
      name: record.name,
    }),
  );

/**
 * Records the end in the caller's transaction: the counts, the failed rows not yet stored, the progress, and (but for a
 * dry run) the `import.completed` event; the file goes. Undefined when the lease was lost (nothing recorded).
 */
async function endIn(
  trx: Executor,
  { job, workerId, progress, now }: RunContext,
  end: { status: 'done' | 'failed'; error: string | null },
  { resumes }: { resumes: boolean },
): Promise<ImportRow | undefined> {
  const at = now();
  return endImport(trx, job, at, async () => {
    const held = await imports.updateHeldImport(trx, job.id, workerId, {
      ...end,
      ...progress.counts,
      unknown_columns: JSON.stringify([...progress.unknownColumns]),
      rows_read: progress.rowsRead,
      rows_done: progress.rowsDone,
      read_permille: 1000,
      locked_by: null,
      locked_until: null,
      finished_at: isoOf(at),
      updated_at: isoOf(at),
    });
    if (!held) return false;
    if (!resumes) {
      await imports.deleteImportRowErrors(trx, job.id);
      await imports.deleteImportRowChanges(trx, job.id);
    }
    await imports.insertImportRowErrors(trx, job.id, progress.pendingFailures);
    await storeChanges(trx, job.id, progress.pendingChanges);
    return true;
  });
}

/** The keyed locations of the project that the file does not name. */
async function missingOf(
  db: Executor,
  { job, plan }: RunContext,
): Promise<{ id: number; public_id: string; external_id: string; name: string }[]> {
  const keyed = await keyedLocations(db, job.project_id);
  return keyed.filter((location) => plan.isMissing(location));
}

/** A write of the import's project: under its change lock, now, by this import. */
async function writeContextOf(trx: Executor, { job, now }: RunContext): Promise<WriteContext> {
  const dataVersion = await lockProjectForChange(trx, job.project_id);
  return { project: { id: job.project_id, dataVersion }, now: now(), actor: importActorOf(job) };
}

/** A dry run: every row decided as the real run would, nothing written, nothing told (no event). */
export function dryRunWriter(run: RunContext): ImportWriter {
  return {
    async batch(candidates) {
      const modes = { match: run.job.match, reportOnly: true };
      add(run.progress, await decideBatch(run.db, run.job.project_id, run.plan, candidates, modes));
      return undefined;
    },
    async deleteMissing() {
      const missing = await missingOf(run.db, run);
      run.progress.counts.deleted += missing.length;
      run.progress.pendingChanges.push(...deletionsOf(missing));
      return undefined;
    },
    end: (end) => finishImport(run, end, { resumes: false }),
    abandon: async () => undefined,
  };
}

/** Records the end in a transaction of its own (see `endIn`). */
export function finishImport(
  run: RunContext,
  end: { status: 'done' | 'failed'; error: string | null },
  options: { resumes: boolean },
): Promise<ImportRow | undefined> {
  return run.db.transaction().execute((trx) => endIn(trx, run, end, options));
}

/**
 * Batch by batch: each batch is one transaction under the project's change lock, with the import's checkpoint and
 * counts, and commits only while this process still holds the import. A batch that writes no location (only unchanged
 * and failed rows) rolls back instead: no disk sync, no data version moved; its counts and failed rows are stored with
 * the next batch that writes, or at the end.
 */
export function perBatchWriter(run: RunContext): ImportWriter {
  const { db, job, workerId, progress } = run;
  const hold = (trx: Executor, changes: UpdateableImportRow) =>
    imports.updateHeldImport(trx, job.id, workerId, changes);
  return {
    async batch(candidates, records) {
      const outcome = await decideTransaction(db, async (trx): Promise<Decision<BatchOutcome>> => {
        const context = await writeContextOf(trx, run);
        const decided = await decideBatch(trx, job.project_id, run.plan, candidates, { match: job.match });
        if (writesOf(decided) === 0) return { rollBack: { written: false, decided } };
        const saved = await saveLocations(trx, context, decided);
        await imports.insertImportRowErrors(trx, job.id, [...progress.pendingFailures, ...decided.failures]);
        const createdIds = saved.created.map((location) => location.body.id);
        await storeChanges(trx, job.id, savedChanges(decided.changes, createdIds));
        const counts = sumCounts(progress.counts, decided.counts);
        const held = await hold(trx, {
          checkpoint: records,
          ...counts,
          // What the status shows moves with each batch written, at no cost: the batch commits anyway.
          rows_read: progress.rowsRead,
          rows_done: progress.rowsRead,
          read_permille: Math.floor(progress.fractionRead * 1000),
          updated_at: isoOf(context.now),
        });
        if (!held) return { rollBack: { lost: true } };
        return { commit: { written: true, decided } };
      });
      if ('lost' in outcome) return { stop: 'lost' };
      if (outcome.written) {
        run.storedProgress?.();
        progress.counts = sumCounts(progress.counts, outcome.decided.counts);
        progress.pendingFailures.length = 0;
      } else add(progress, outcome.decided);
      return undefined;
    },
    async deleteMissing() {
      const missing = (await missingOf(db, run)).map((location) => location.id);
      for (let start = 0; start < missing.length; start += DELETE_BATCH) {
        const slice = missing.slice(start, start + DELETE_BATCH);
        const deleted = await decideTransaction(db, async (trx) => {
          const context = await writeContextOf(trx, run);
          // Read again under the lock: a write since the list was read may have given one of them a key the file names.
          const stillMissing = (await findLocationRecordsByIds(trx, slice)).filter((record) =>
            run.plan.isMissing(record),
          );
          const count = await deleteLocations(
            trx,
            context,
            await loadLocationViews(
              trx,
              stillMissing.map(({ id }) => id),
            ),
          );
          await storeChanges(trx, job.id, deletionsOf(stillMissing));
          const held = await hold(trx, { deleted: progress.counts.deleted + count, updated_at: isoOf(context.now) });
          return held ? { commit: count } : { rollBack: undefined };
        });
        if (deleted === undefined) return { stop: 'lost' };
        progress.counts.deleted += deleted;
      }
      return undefined;
    },
    end: (end) => finishImport(run, end, { resumes: true }),
    abandon: async () => undefined,
  };
}

/**
 * All or nothing: the rows, the deletions and the import's end are one transaction under the project's change lock,
 * committed only when no row failed and this process still holds the import; a crash or a lost lease leaves none.
 */
export async function atomicWriter(run: RunContext): Promise<ImportWriter> {
  const trx: ControlledTransaction<Database> = await run.db.startTransaction().execute();
  let context: WriteContext;
  try {
    context = await writeContextOf(trx, run);
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
  let open = true;
  const rollBack = async () => {
    if (!open) return;
    open = false;
    await trx.rollback().execute();
  };
  return {
    async batch(candidates) {
      const decided = await decideBatch(trx, run.job.project_id, run.plan, candidates, { match: run.job.match });
      if (writesOf(decided) > 0) {
        const saved = await saveLocations(trx, context, decided);
        const createdIds = saved.created.map((location) => location.body.id);
        decided.changes = savedChanges(decided.changes, createdIds);
      }
      add(run.progress, decided);
      return undefined;
    },
    async deleteMissing() {
      const missing = await missingOf(trx, run);
      for (let start = 0; start < missing.length; start += DELETE_BATCH) {
        const slice = missing.slice(start, start + DELETE_BATCH);
        const views = await loadLocationViews(
          trx,
          slice.map(({ id }) => id),
        );
        run.progress.counts.deleted += await deleteLocations(trx, context, views);
        run.progress.pendingChanges.push(...deletionsOf(slice));
      }
      return undefined;
    },
    async end(end) {
      const ended = await endIn(trx, run, end, { resumes: false });
      if (!ended) {
        await rollBack();
        return undefined;
      }
      open = false;
      await trx.commit().execute();
      return ended;
    },
    abandon: rollBack,
  };
}
