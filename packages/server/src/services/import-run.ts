import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { ImportRow, UpdateableImportRow } from '../db/tables/imports.table.ts';
import type { ProjectCatalog } from '../domain/catalog.ts';
import { findByName, findCallToAction } from '../domain/catalog.ts';
import type { FieldErrors } from '../domain/errors.ts';
import type { Actor } from '../domain/events.ts';
import { type HoursInput, WEEKDAYS } from '../domain/hours.ts';
import { changesOf, type StoredLocation } from '../domain/import-changes.ts';
import { columnOf, type ImportColumn } from '../domain/import-columns.ts';
import { type FileRow, readImportRow } from '../domain/import-row.ts';
import { type LocationInput, planLocationWrite } from '../domain/location-write.ts';
import { type FileFormat, readRows, UnreadableFileError } from '../formats/formats.ts';
import { loadCatalog } from '../repositories/catalog.repository.ts';
import * as imports from '../repositories/imports.repository.ts';
import { loadAttachments } from '../repositories/location-attachments.repository.ts';
import {
  findLocationRecordsByIds,
  findRecordsByKeys,
  keyedLocations,
  type LocationRecord,
  scheduleOf,
} from '../repositories/location-records.repository.ts';
import { lockProjectForChange, lockProjectForEvent } from '../repositories/projects.repository.ts';
import { bodyCheck } from '../schemas/body-validation.ts';
import { LocationCreateV2, LocationPatchV2 } from '../schemas/location.v2.ts';
import { recordEvents } from './change-events.ts';
import { importSummaryOf } from './import-view.ts';
import {
  type BatchChange,
  type BatchCreate,
  type BatchUpdate,
  deleteLocationBatch,
  saveLocationBatch,
} from './location-batches.service.ts';
import { ALL_ATTACHMENTS } from './locations.service.ts';

/**
 * Rows per transaction. Each batch is one transaction holding the project's change lock (and, on SQLite, the
 * database's one writer) for about a tenth of a second; a commit is one disk sync, which on this project's machines
 * cost 10 to 50 ms. Measured in docs/decisions/bulk-import.md.
 */
export const IMPORT_BATCH_ROWS = 1000;
/** Locations deleted per transaction by `delete_missing`. */
const DELETE_BATCH = 500;
/** A third interruption of one import fails it instead of starting it again. */
export const MAX_IMPORT_ATTEMPTS = 3;

export interface ImportRunOptions {
  /** Who runs it (host, process and a random part), as the lease names it. */
  workerId: string;
  clock: () => number;
  /** How long the import stays this process's without a sign of life; renewed three times as often. */
  leaseMs: number;
  /** Told after each batch, for a progress bar. */
  onProgress?: (progress: { rowsRead: number; rowsDone: number; fractionRead: number }) => void;
  /** Told of an unexpected error that failed the import (the import's `error` says only that one happened). */
  onError?: (error: unknown) => void;
  /** Aborted when the process is stopping: the import is handed back to the queue after the batch in hand. */
  signal?: AbortSignal;
}

/** The lease moved to another process (this one was taken for dead): stop without touching the import. */
class LostImportError extends Error {}
/** An atomic import with failed rows: its transaction is rolled back. */
class RolledBackError extends Error {}
/** The process is stopping: hand the import back to the queue, for this or another process to resume. */
class StoppingError extends Error {}
/** A batch that writes no location: its transaction is rolled back (nothing to sync to disk, no data version moved). */
class NothingWrittenError extends Error {
  constructor(readonly decided: Decided) {
    super('nothing written');
  }
}

/** The one transaction of an atomic import, and the data version it writes at. */
interface Writer {
  trx: Executor;
  dataVersion: number;
}

/** What a batch's rows came to: their counts, their failures, and how many locations they write. */
interface Decided {
  counts: Counts;
  errors: { row: number; externalId: string | null; errors: string }[];
  writes: number;
}

const patchErrors = bodyCheck(LocationPatchV2);
const createErrors = bodyCheck(LocationCreateV2);
const iso = (ms: number) => new Date(ms).toISOString();
const hasErrors = (errors: FieldErrors | undefined): errors is FieldErrors =>
  errors !== undefined && Object.keys(errors).length > 0;

/** A row read into a V2 body, before it is checked against the V2 schema and compared with the saved locations. */
interface Candidate {
  row: number;
  externalId: string | undefined;
  id: string | undefined;
  input: LocationInput;
  errors: FieldErrors | undefined;
}

type Counts = Record<'created' | 'updated' | 'unchanged' | 'deleted' | 'failed' | 'geocoding_queued', number>;
const noCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0, geocoding_queued: 0 });

/** The snapshot `changesOf` compares a row with, from a record and what is attached to it (catalog IDs by public ID). */
function storedLocationOf(
  record: LocationRecord,
  attachments: Awaited<ReturnType<typeof loadAttachments>>,
  catalogIds: ReadonlyMap<string, number>,
): StoredLocation {
  const valuesOf = (items: readonly { id: string; value: string }[] | undefined) =>
    new Map(
      (items ?? []).flatMap((item) => {
        const id = catalogIds.get(item.id);
        return id === undefined ? [] : [[id, item.value] as const];
      }),
    );
  return {
    ...record,
    hours: scheduleOf(record),
    filterIds: new Set((attachments.filters.get(record.id) ?? []).flatMap((filter) => catalogIds.get(filter.id) ?? [])),
    fieldValues: valuesOf(attachments.fields.get(record.id)),
    callToActionValues: valuesOf(attachments.callsToAction.get(record.id)),
  };
}

/** A create names all seven days when it names any: the file's missing weekdays are unknown. */
function withWholeWeek(input: LocationInput): LocationInput {
  const hours = input.hours;
  if (!hours || Object.keys(hours).length === 0) return input;
  const named = new Set(Object.keys(hours).map((day) => day.toLowerCase().slice(0, 3)));
  const missing: HoursInput = Object.fromEntries(WEEKDAYS.filter((day) => !named.has(day)).map((day) => [day, null]));
  return { ...input, hours: { ...hours, ...missing } };
}

/**
 * One run of one import, by the process holding its lease: reads the file, decides each row against the saved
 * locations, writes batch by batch (or, `atomic`, in one transaction; or, `dry_run`, not at all), and records the
 * outcome. See docs/decisions/bulk-import.md for what it promises when the process dies.
 */
class ImportRun {
  private counts: Counts;
  private readonly pendingErrors: { row: number; externalId: string | null; errors: string }[] = [];
  private readonly unknownColumns = new Set<string>();
  private readonly columns = new Map<string, ImportColumn>();
  /**
   * The row that first gave each external ID and each ID: a key given twice is an error of the later row, and
   * `delete_missing` keeps every location the file names (failed rows' too).
   */
  private readonly externalIdRows = new Map<string, number>();
  private readonly idRows = new Map<string, number>();
  /** The row that first chose each location: a location named twice (by two keys) is an error of the later row. */
  private readonly targetRows = new Map<number, number>();
  /**
   * External IDs this run moved from one location to another (or freed), over what the database holds. A key a
   * create takes needs no entry: a later row giving it again fails as a key given twice.
   */
  private readonly keyHolders = new Map<string, number | null>();
  private rowsRead = 0;
  private rowsDone = 0;
  private fractionRead = 0;
  private sawExternalIdColumn = false;
  private checkedColumns = false;
  private catalog: ProjectCatalog | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly job: ImportRow,
    private readonly options: ImportRunOptions,
  ) {
    // Only a batch-by-batch run resumes where it stopped; a dry or atomic run saved nothing and starts again.
    this.counts = this.resumes
      ? {
          created: job.created,
          updated: job.updated,
          unchanged: job.unchanged,
          deleted: job.deleted,
          failed: job.failed,
          geocoding_queued: job.geocoding_queued,
        }
      : noCounts();
  }

  private get resumes(): boolean {
    return this.job.dry_run === 0 && this.job.atomic === 0;
  }

  private now(): string {
    return iso(this.options.clock());
  }

  /** When a batch written at `dataVersion` writes, and who: this import, as its events name it. */
  private change(dataVersion: number): BatchChange {
    return { now: this.now(), dataVersion, actor: importActorOf(this.job) };
  }

  /** The column a header names, counting those the import does not read (and fields it does not know) as unknown. */
  private columnOf(header: string): ImportColumn {
    let column = this.columns.get(header);
    if (!column) {
      column = columnOf(header);
      const catalog = this.catalog;
      const unconfigured =
        (column.kind === 'field' && catalog && !findByName(catalog.fields, column.name)) ||
        (column.kind === 'callToAction' && catalog && !findCallToAction(catalog, column.title));
      if (unconfigured) column = { kind: 'unknown' };
      if (column.kind === 'unknown') this.unknownColumns.add(header);
      if (column.kind === 'text' && column.field === 'external_id') this.sawExternalIdColumn = true;
      this.columns.set(header, column);
    }
    return column;
  }

  private candidateOf(fileRow: FileRow): Candidate | undefined {
    if (fileRow.error)
      return { row: fileRow.row, externalId: undefined, id: undefined, input: {}, errors: { row: [fileRow.error] } };
    const read = readImportRow(fileRow, (header) => this.columnOf(header));
    if (!read) return undefined;
    // The V2 schema is checked once the row is known to update (PATCH's) or create (POST's), which adds only `required`.
    return {
      row: read.row,
      externalId: read.externalId,
      id: read.id,
      input: read.body as LocationInput,
      errors: hasErrors(read.errors) ? read.errors : undefined,
    };
  }

  /** Runs the import to its end and records it; returns the import as it ended (or undefined when another process took it over). */
  async run(): Promise<ImportRow | undefined> {
    const heartbeat = this.startHeartbeat();
    try {
      const content = await imports.readImportFile(this.db, this.job.id);
      if (!content) return await this.fail('The file of this import is no longer stored.');
      this.catalog = await loadCatalog(this.db, this.job.project_id);
      const source = readRows(this.job.format as FileFormat, content);
      if (this.job.atomic === 1 && this.job.dry_run === 0) {
        // The rows, the deletions and the import's end commit together: a crash or a lost lease leaves all or none.
        return await this.db.transaction().execute(async (trx) => {
          const writer = { trx, dataVersion: await lockProjectForChange(trx, this.job.project_id) };
          await this.readAll(source, writer);
          if (this.counts.failed > 0) throw new RolledBackError();
          await this.deleteMissing(writer);
          const ended = await this.endIn(trx, { status: 'done', error: null });
          if (!ended) throw new LostImportError();
          return ended;
        });
      }
      await this.readAll(source, undefined);
      // A dry run of an atomic import reports what the real one would: with a failed row, nothing saved.
      if (this.job.atomic === 1 && this.counts.failed > 0) throw new RolledBackError();
      await this.deleteMissing(undefined);
      return await this.finish({ status: 'done', error: null });
    } catch (error) {
      if (error instanceof LostImportError) return undefined;
      if (error instanceof StoppingError) {
        await imports.updateHeldImport(this.db, this.job.id, this.options.workerId, {
          status: 'queued',
          locked_by: null,
          locked_until: null,
          attempts: this.job.attempts - 1,
          updated_at: this.now(),
        });
        return undefined;
      }
      if (error instanceof RolledBackError) {
        this.counts = { ...noCounts(), unchanged: this.counts.unchanged, failed: this.counts.failed };
        const rows = `${this.counts.failed} row${this.counts.failed === 1 ? '' : 's'} failed`;
        return await this.fail(
          this.job.dry_run === 1
            ? `${rows}; the import is atomic, so it would save nothing.`
            : `${rows}; the import is atomic, so nothing was saved.`,
        );
      }
      if (error instanceof UnreadableFileError || error instanceof ImportRefusedError)
        return await this.fail(error.message);
      this.options.onError?.(error);
      // An atomic import's transaction was rolled back: none of the writes its counts tell was saved.
      if (!this.resumes && this.job.dry_run === 0)
        this.counts = { ...noCounts(), unchanged: this.counts.unchanged, failed: this.counts.failed };
      return await this.fail(
        `The import stopped on an unexpected error after ${this.rowsDone} rows; ${this.resumes && this.rowsDone > 0 ? 'the rows before were saved' : 'nothing was saved'}. The server's log has the details.`,
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Reads every row, a batch at a time. Rows a resumed run finished before are read again only for their keys.
   * `writer` is the one transaction of an atomic run, with its data version.
   */
  private async readAll(source: ReturnType<typeof readRows>, writer: Writer | undefined): Promise<void> {
    const skip = this.resumes ? this.job.checkpoint : 0;
    let records = 0;
    let batch: Candidate[] = [];
    for await (const fileRow of source.rows) {
      records += 1;
      this.rowsRead += 1;
      this.fractionRead = source.fractionRead();
      const candidate = this.candidateOf(fileRow);
      this.checkColumns();
      if (records <= skip) {
        if (candidate) this.nameKeys(candidate);
        this.rowsDone += 1;
        continue;
      }
      if (candidate) batch.push(candidate);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await this.processBatch(batch, records, writer);
        batch = [];
      }
    }
    this.fractionRead = 1;
    if (batch.length > 0 || records > skip) await this.processBatch(batch, records, writer);
  }

  /** `delete_missing` needs the file's keys: a file without an external_id column would delete every keyed location. */
  private checkColumns(): void {
    if (this.checkedColumns || this.columns.size === 0) return;
    this.checkedColumns = true;
    if (this.job.delete_missing === 1 && !this.sawExternalIdColumn) {
      throw new ImportRefusedError(
        'delete_missing needs an external_id column: without one the file names no external ID, and every location that has one would be deleted.',
      );
    }
  }

  /** Notes a row's keys; answers the earlier rows that gave them, if any. */
  private nameKeys(candidate: Candidate): { earlierWithKey: number | undefined; earlierWithId: number | undefined } {
    const { row, externalId, id } = candidate;
    const earlierWithKey = externalId !== undefined ? this.externalIdRows.get(externalId) : undefined;
    const earlierWithId = id !== undefined ? this.idRows.get(id) : undefined;
    if (externalId !== undefined && earlierWithKey === undefined) this.externalIdRows.set(externalId, row);
    if (id !== undefined && earlierWithId === undefined) this.idRows.set(id, row);
    return { earlierWithKey, earlierWithId };
  }

  /** Decides and (unless a dry run) saves a batch; a batch-by-batch run commits it with its checkpoint. */
  private async processBatch(batch: Candidate[], records: number, writer: Writer | undefined): Promise<void> {
    if (this.job.dry_run === 1) {
      this.add(await this.decide(this.db, batch, undefined));
    } else if (writer) {
      this.add(await this.decide(writer.trx, batch, writer.dataVersion));
    } else {
      // A batch that writes nothing (unchanged and failed rows) commits nothing: its counts and failed rows wait for the
      // next batch that writes, or the end. A crash before then only makes a resumed run decide those rows again.
      const outcome = await this.db
        .transaction()
        .execute(async (batchTrx) => {
          const dataVersion = await lockProjectForChange(batchTrx, this.job.project_id);
          const decided = await this.decide(batchTrx, batch, dataVersion);
          if (decided.writes === 0) throw new NothingWrittenError(decided);
          const counts = sum(this.counts, decided.counts);
          await imports.insertImportRowErrors(batchTrx, this.job.id, [...this.pendingErrors, ...decided.errors]);
          await this.holdOrStop(batchTrx, { checkpoint: records, ...counts, updated_at: this.now() });
          return decided;
        })
        .catch((error: unknown) => {
          if (error instanceof NothingWrittenError) return error;
          throw error;
        });
      if (outcome instanceof NothingWrittenError) this.add(outcome.decided);
      else {
        this.counts = sum(this.counts, outcome.counts);
        this.pendingErrors.length = 0;
      }
    }
    this.rowsDone = this.rowsRead;
    this.options.onProgress?.({ rowsRead: this.rowsRead, rowsDone: this.rowsDone, fractionRead: this.fractionRead });
    // Requests waiting for the database get their turn between batches.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.options.signal?.aborted) throw new StoppingError();
  }

  private add(decided: Decided): void {
    this.counts = sum(this.counts, decided.counts);
    this.pendingErrors.push(...decided.errors);
  }

  /**
   * Decides what each row of a batch does, in file order, against the saved locations it names (read in one query)
   * and what earlier rows of the file did; given the data version of its transaction, saves the batch.
   */
  private async decide(db: Executor, batch: Candidate[], dataVersion: number | undefined): Promise<Decided> {
    const counts = noCounts();
    const errors: ImportRun['pendingErrors'] = [];
    const catalog = await loadCatalog(db, this.job.project_id);
    const catalogIds = new Map(
      [...catalog.filters, ...catalog.fields, ...catalog.callsToAction].map((entry) => [entry.publicId, entry.id]),
    );
    const externalIds = batch.flatMap((candidate) =>
      candidate.externalId !== undefined ? [candidate.externalId] : [],
    );
    const publicIds = batch.flatMap((candidate) => (candidate.id !== undefined ? [candidate.id] : []));
    const records = await findRecordsByKeys(db, this.job.project_id, { publicIds, externalIds });
    // Every attachment: an update's event compares the location's body before and after.
    const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
    const byPublicId = new Map(records.map((record) => [record.public_id, record]));
    const byExternalId = new Map(
      records.flatMap((record) => (record.external_id === null ? [] : [[record.external_id, record] as const])),
    );
    const recordById = new Map(records.map((record) => [record.id, record]));
    const creates: BatchCreate[] = [];
    const updates: BatchUpdate[] = [];

    const fail = (candidate: Candidate, failure: FieldErrors) => {
      counts.failed += 1;
      errors.push({ row: candidate.row, externalId: candidate.externalId ?? null, errors: JSON.stringify(failure) });
    };
    const holderOf = (externalId: string): number | null | undefined =>
      this.keyHolders.has(externalId) ? this.keyHolders.get(externalId) : byExternalId.get(externalId)?.id;

    for (const candidate of batch) {
      const { row, externalId, id } = candidate;
      const { earlierWithKey, earlierWithId } = this.nameKeys(candidate);
      if (hasErrors(candidate.errors)) {
        fail(candidate, candidate.errors);
        continue;
      }
      if (earlierWithKey !== undefined) {
        fail(candidate, { external_id: [`is given again: row ${earlierWithKey} has it already`] });
        continue;
      }
      if (earlierWithId !== undefined) {
        fail(candidate, { id: [`is given again: row ${earlierWithId} has it already`] });
        continue;
      }
      const holder = externalId !== undefined ? holderOf(externalId) : undefined;
      const named = id !== undefined ? byPublicId.get(id) : undefined;
      if (id !== undefined && !named) {
        fail(candidate, { id: ['is not the ID of a location of this project'] });
        continue;
      }
      const target = typeof holder === 'number' ? holder : named?.id;
      if (typeof holder === 'number' && named && named.id !== holder) {
        fail(candidate, {
          id: [
            `names another location than its external_id, which is ${recordById.get(holder)?.public_id ?? 'another location'}'s`,
          ],
        });
        continue;
      }
      if (target !== undefined) {
        const earlierTarget = this.targetRows.get(target);
        if (earlierTarget !== undefined) {
          fail(candidate, {
            [id !== undefined ? 'id' : 'external_id']: [`names the location row ${earlierTarget} names already`],
          });
          continue;
        }
        this.targetRows.set(target, row);
        const record = recordById.get(target);
        if (!record) {
          // The key moved to a location this batch did not read: an earlier batch gave it to another location.
          fail(candidate, {
            external_id: ['names a location an earlier row changed the key of; import its rows separately'],
          });
          continue;
        }
        const invalid = patchErrors(candidate.input);
        if (hasErrors(invalid)) {
          fail(candidate, invalid);
          continue;
        }
        const stored = storedLocationOf(record, attachments, catalogIds);
        const changes = changesOf(candidate.input, stored, catalog);
        if (Object.keys(changes).length === 0) {
          counts.unchanged += 1;
          continue;
        }
        const planned = planLocationWrite('patch', stored, changes, catalog);
        if ('errors' in planned) {
          fail(candidate, planned.errors);
          continue;
        }
        const newKey = planned.plan.columns.external_id;
        if (newKey !== undefined && newKey !== record.external_id) {
          if (record.external_id !== null) this.keyHolders.set(record.external_id, null);
          if (newKey !== null) this.keyHolders.set(newKey, target);
        }
        updates.push({ before: { record, attachments }, plan: planned.plan });
        counts.updated += 1;
        if (planned.plan.needsGeocoding) counts.geocoding_queued += 1;
        continue;
      }
      const invalid = createErrors(candidate.input);
      if (hasErrors(invalid)) {
        fail(candidate, invalid);
        continue;
      }
      const input = withWholeWeek(candidate.input);
      const planned = planLocationWrite('create', undefined, input, catalog);
      if ('errors' in planned) {
        fail(candidate, planned.errors);
        continue;
      }
      creates.push({ name: input.name ?? '', plan: planned.plan });
      counts.created += 1;
      if (planned.plan.needsGeocoding) counts.geocoding_queued += 1;
    }
    if (dataVersion !== undefined && creates.length + updates.length > 0) {
      await saveLocationBatch(db, {
        projectId: this.job.project_id,
        creates,
        updates,
        change: this.change(dataVersion),
      });
    }
    return { counts, errors, writes: creates.length + updates.length };
  }

  /** Whether a keyed location is one the file does not name, by external ID or ID. */
  private isMissing(location: { public_id: string; external_id: string | null }): boolean {
    return (
      location.external_id !== null &&
      !this.externalIdRows.has(location.external_id) &&
      !this.idRows.has(location.public_id)
    );
  }

  /**
   * Deletes the project's keyed locations the file does not name (by external ID or ID), a batch at a time. A file
   * whose rows never showed an external_id column (no rows at all, only blank or unreadable ones) names no key, so it
   * is refused rather than taken to mean "delete every keyed location".
   */
  private async deleteMissing(writer: Writer | undefined): Promise<void> {
    if (this.job.delete_missing !== 1) return;
    if (!this.sawExternalIdColumn) {
      throw new ImportRefusedError(
        'delete_missing needs rows with an external_id column: this file has none, and every location that has an external ID would be deleted.',
      );
    }
    const missing = (await keyedLocations(writer?.trx ?? this.db, this.job.project_id))
      .filter((location) => this.isMissing(location))
      .map((location) => location.id);
    if (this.job.dry_run === 1) {
      this.counts.deleted += missing.length;
      return;
    }
    if (writer) {
      const change = this.change(writer.dataVersion);
      for (let start = 0; start < missing.length; start += DELETE_BATCH) {
        this.counts.deleted += await deleteLocationBatch(
          writer.trx,
          this.job.project_id,
          missing.slice(start, start + DELETE_BATCH),
          change,
        );
      }
      return;
    }
    for (let start = 0; start < missing.length; start += DELETE_BATCH) {
      const deleted = await this.db.transaction().execute(async (batchTrx) => {
        const dataVersion = await lockProjectForChange(batchTrx, this.job.project_id);
        // Read again under the lock: a write since the list was read may have given one of them a key the file names.
        const stillMissing = (
          await findLocationRecordsByIds(batchTrx, missing.slice(start, start + DELETE_BATCH))
        ).filter((record) => this.isMissing(record));
        const count = await deleteLocationBatch(
          batchTrx,
          this.job.project_id,
          stillMissing.map((record) => record.id),
          this.change(dataVersion),
        );
        await this.holdOrStop(batchTrx, { deleted: this.counts.deleted + count, updated_at: this.now() });
        return count;
      });
      this.counts.deleted += deleted;
    }
  }

  private async holdOrStop(db: Executor, changes: UpdateableImportRow): Promise<void> {
    if (!(await imports.updateHeldImport(db, this.job.id, this.options.workerId, changes))) throw new LostImportError();
  }

  /** Renews the lease and shows progress, a third of the lease apart; one renewal at a time. */
  private startHeartbeat(): NodeJS.Timeout {
    let beating = false;
    const timer = setInterval(
      () => {
        if (beating) return;
        beating = true;
        imports
          .updateHeldImport(this.db, this.job.id, this.options.workerId, {
            locked_until: iso(this.options.clock() + this.options.leaseMs),
            rows_read: this.rowsRead,
            rows_done: this.rowsDone,
            read_permille: Math.floor(this.fractionRead * 1000),
          })
          .catch((error: unknown) => this.options.onError?.(error))
          .finally(() => (beating = false));
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    timer.unref();
    return timer;
  }

  /**
   * Records the end in one transaction: the counts, the failed rows not yet written, the progress, and (but for a dry
   * run) the `import.completed` event; the file goes.
   */
  private async finish(end: { status: 'done' | 'failed'; error: string | null }): Promise<ImportRow | undefined> {
    return this.db.transaction().execute(async (trx) => this.endIn(trx, end));
  }

  /** `finish` in the caller's transaction; undefined when the lease was lost (nothing recorded). */
  private async endIn(
    trx: Executor,
    end: { status: 'done' | 'failed'; error: string | null },
  ): Promise<ImportRow | undefined> {
    const now = this.now();
    return endImport(trx, this.job, now, async () => {
      const held = await imports.updateHeldImport(trx, this.job.id, this.options.workerId, {
        ...end,
        ...this.counts,
        unknown_columns: JSON.stringify([...this.unknownColumns]),
        rows_read: this.rowsRead,
        rows_done: this.rowsDone,
        read_permille: 1000,
        locked_by: null,
        locked_until: null,
        finished_at: now,
        updated_at: now,
      });
      if (!held) return false;
      if (!this.resumes) await imports.deleteImportRowErrors(trx, this.job.id);
      await imports.insertImportRowErrors(trx, this.job.id, this.pendingErrors);
      return true;
    });
  }

  private async fail(reason: string): Promise<ImportRow | undefined> {
    return this.finish({ status: 'failed', error: reason });
  }
}

/** The import cannot go ahead as asked (before anything is written): it fails with this reason. */
class ImportRefusedError extends Error {}

/** Why an import interrupted too often ended: what a batch-by-batch run saved stays; an atomic or dry run saved nothing. */
function givenUpReason(job: ImportRow): string {
  const interrupted = `The import was interrupted ${MAX_IMPORT_ATTEMPTS} times (the process running it ended: a crash, a kill or a restart) and was given up`;
  if (job.dry_run === 1 || job.atomic === 1) return `${interrupted}; nothing was saved.`;
  return `${interrupted} after row ${job.checkpoint}; the rows before were saved.`;
}

const importActorOf = (job: ImportRow): Actor => ({ type: 'import', id: job.public_id });

/**
 * Ends an import in the caller's transaction: `record` writes its end (false when the import turned out to be another
 * process's: nothing is then written), its file goes, and its `import.completed` event is recorded (not for a dry run,
 * which changed nothing, so tells no one). The project's change lock comes first, as in every write of the project:
 * the import's batches take it before the import's row, and the reverse order here could deadlock with a batch of a
 * process that lost the import. Answers the import as it ended.
 */
async function endImport(
  trx: Executor,
  job: ImportRow,
  now: string,
  record: () => Promise<boolean>,
): Promise<ImportRow | undefined> {
  const dataVersion = job.dry_run === 1 ? undefined : await lockProjectForEvent(trx, job.project_id);
  if (!(await record())) return undefined;
  await imports.deleteImportFile(trx, job.id);
  const ended = await imports.findImportById(trx, job.id);
  if (!ended || dataVersion === undefined) return ended;
  await recordEvents(trx, { id: ended.project_id, dataVersion }, { actor: importActorOf(ended), now }, [
    { type: 'import.completed', body: { import: importSummaryOf(ended) } },
  ]);
  return ended;
}

function sum(a: Counts, b: Counts): Counts {
  return {
    created: a.created + b.created,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    deleted: a.deleted + b.deleted,
    failed: a.failed + b.failed,
    geocoding_queued: a.geocoding_queued + b.geocoding_queued,
  };
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
  if (job.attempts > MAX_IMPORT_ATTEMPTS) {
    const now = iso(options.clock());
    return db.transaction().execute((trx) =>
      endImport(trx, job, now, async () => {
        await imports.endImport(trx, job.id, {
          status: 'failed',
          error: givenUpReason(job),
          locked_by: null,
          locked_until: null,
          finished_at: now,
          updated_at: now,
        });
        return true;
      }),
    );
  }
  return new ImportRun(db, job, options).run();
}
