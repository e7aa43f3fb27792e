import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { ImportMappingRow } from '../../db/tables/import-mappings.table.ts';
import type {
  ImportChangeKind,
  ImportRowChangeRow,
  InsertableImportRowChange,
} from '../../db/tables/import-row-changes.table.ts';
import type { ImportRowErrorRow } from '../../db/tables/import-row-errors.table.ts';
import type { ImportRow, InsertableImportRow, UpdateableImportRow } from '../../db/tables/imports.table.ts';
import { isoOf } from '../../domain/time.ts';
import { claimable } from '../../jobs/claim.ts';
import type { Lease } from '../../jobs/lease.ts';

/** Bytes of one part of a stored file: a statement (and PostgreSQL's hex text of it) stays a few megabytes. */
const FILE_PART_BYTES = 1024 * 1024;

/**
 * A turn for the event loop between the parts of a file: SQLite's driver runs each statement synchronously, so a
 * file of 45 parts written or read in one go held every request (`/healthz` too) for half a second.
 */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Stores a new import and its file, in parts. */
export async function insertImport(db: Executor, row: InsertableImportRow, content: Buffer): Promise<ImportRow> {
  const inserted = await db.insertInto('imports').values(row).returningAll().executeTakeFirstOrThrow();
  for (let part = 0; part === 0 || part * FILE_PART_BYTES < content.length; part += 1) {
    if (part > 0) await turn();
    await db
      .insertInto('import_files')
      .values({
        import_id: inserted.id,
        part,
        content: content.subarray(part * FILE_PART_BYTES, (part + 1) * FILE_PART_BYTES),
      })
      .execute();
  }
  return inserted;
}

export async function findImport(db: Executor, projectId: number, publicId: string): Promise<ImportRow | undefined> {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findImportById(db: Executor, id: number): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The file of an import that has not ended (undefined once it has), read a part at a time. */
export async function readImportFile(db: Executor, importId: number): Promise<Buffer | undefined> {
  const parts: Buffer[] = [];
  for (;;) {
    if (parts.length > 0) await turn();
    const row = await db
      .selectFrom('import_files')
      .select('content')
      .where('import_id', '=', importId)
      .where('part', '=', parts.length)
      .executeTakeFirst();
    if (!row) return parts.length === 0 ? undefined : Buffer.concat(parts);
    parts.push(row.content);
  }
}

/**
 * Claims the oldest import due for a process: a queued one, or a running one whose process stopped renewing its
 * lease (it ended). One UPDATE that re-checks the state, so two processes never both win it; on PostgreSQL the
 * candidate is picked `FOR UPDATE SKIP LOCKED`. Counts the attempt.
 */
export async function claimNextImport(db: Executor, { workerId, now, until }: Lease): Promise<ImportRow | undefined> {
  const at = isoOf(now);
  const due = sql<boolean>`(status = 'queued') or (status = 'running' and locked_until < ${at})`;
  const candidates = db.selectFrom('imports').select('id').where(due).orderBy('id').limit(1);
  return db
    .updateTable('imports')
    .set({
      status: 'running',
      locked_by: workerId,
      locked_until: isoOf(until),
      attempts: sql<number>`attempts + 1`,
      started_at: sql<string>`coalesce(started_at, ${at})`,
      updated_at: at,
    })
    .where('id', '=', claimable(db, candidates))
    .where(due)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Changes an import held by this process (its lease, progress, counts, end); false when the process lost it (its
 * lease ran out and another took it over), so it must stop.
 */
export async function updateHeldImport(
  db: Executor,
  id: number,
  workerId: string,
  changes: UpdateableImportRow,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends an import, whoever holds it: a process that could not start it, or one that found it out of attempts. */
export async function endImport(db: Executor, id: number, changes: UpdateableImportRow): Promise<void> {
  await db.updateTable('imports').set(changes).where('id', '=', id).execute();
}

export async function deleteImportFile(db: Executor, importId: number): Promise<void> {
  await db.deleteFrom('import_files').where('import_id', '=', importId).execute();
}

/** Records failed rows (and possible duplicates); a row recorded before (by a run that did not commit its end) is replaced. */
export async function insertImportRowErrors(
  db: Executor,
  importId: number,
  rows: { row: number; externalId: string | null; errors: string; kind?: 'possible_duplicate'; cells?: string }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('import_row_errors')
      .values(
        rows.slice(start, start + 1000).map((row) => ({
          import_id: importId,
          row_number: row.row,
          external_id: row.externalId,
          errors: row.errors,
          kind: row.kind ?? 'failed',
          cells: row.cells ?? null,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['import_id', 'row_number']).doUpdateSet((eb) => ({
          external_id: eb.ref('excluded.external_id'),
          errors: eb.ref('excluded.errors'),
          kind: eb.ref('excluded.kind'),
          cells: eb.ref('excluded.cells'),
        })),
      )
      .execute();
  }
}

export async function deleteImportRowErrors(db: Executor, importId: number): Promise<void> {
  await db.deleteFrom('import_row_errors').where('import_id', '=', importId).execute();
}

/** An import's failed rows and possible duplicates, in file order. */
export async function importRowErrors(db: Executor, importId: number): Promise<ImportRowErrorRow[]> {
  return db
    .selectFrom('import_row_errors')
    .selectAll()
    .where('import_id', '=', importId)
    .orderBy('row_number')
    .execute();
}

/** Records lines of an import's diff, in the order given. */
export async function insertImportRowChanges(
  db: Executor,
  rows: readonly Omit<InsertableImportRowChange, 'id'>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000)
    await db
      .insertInto('import_row_changes')
      .values(rows.slice(start, start + 1000))
      .execute();
}

export async function deleteImportRowChanges(db: Executor, importId: number): Promise<void> {
  await db.deleteFrom('import_row_changes').where('import_id', '=', importId).execute();
}

/** A page of an import's diff in the order it was recorded, of one kind or all, after the line `after`. */
export async function importRowChanges(
  db: Executor,
  importId: number,
  { kind, after, limit }: { kind: ImportChangeKind | undefined; after: number; limit: number },
): Promise<ImportRowChangeRow[]> {
  let query = db.selectFrom('import_row_changes').selectAll().where('import_id', '=', importId).where('id', '>', after);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('id').limit(limit).execute();
}

/** A project's latest imports, newest first. */
export async function latestImports(db: Executor, projectId: number, limit: number): Promise<ImportRow[]> {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findImportMapping(db: Executor, projectId: number): Promise<ImportMappingRow | undefined> {
  return db.selectFrom('import_mappings').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/** Saves a project's remembered mapping, replacing the one before. */
export async function saveImportMapping(db: Executor, row: ImportMappingRow): Promise<void> {
  await db
    .insertInto('import_mappings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('project_id').doUpdateSet({ columns: row.columns, match: row.match, updated_at: row.updated_at }),
    )
    .execute();
}
