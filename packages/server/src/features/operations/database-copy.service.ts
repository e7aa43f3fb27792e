import type { Kysely, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { ConflictError } from '../../domain/errors.ts';
import { TableChecksum } from '../../domain/table-checksum.ts';
import { dependencyOrder } from '../../domain/table-order.ts';
import type { TableLayout } from './table-copy.repository.ts';
import * as tables from './table-copy.repository.ts';

/** What one table holds on each side after a copy. */
export interface TableSummary {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  verified: boolean;
}

export interface CopySummary {
  tables: TableSummary[];
  /** Rows copied, all tables together. */
  rows: number;
  /** True when every table has the same row count and checksum on both sides. */
  verified: boolean;
}

export interface CopyOptions {
  /** Empties a target that already holds rows instead of refusing it. */
  force?: boolean;
  /** Most rows read or inserted by one statement (fewer for wide tables, to stay within parameter limits). */
  batchSize?: number;
  onStart?(totalRows: number): void;
  onProgress?(copiedRows: number, table: string): void;
}

/** A copy whose verification found a difference; nothing of it was committed. */
export class CopyVerificationError extends Error {
  constructor(readonly summary: CopySummary) {
    const failed = summary.tables.filter((table) => !table.verified).map((table) => table.table);
    super(
      `Verification failed for ${failed.join(', ')}: the target differs from the source, so nothing was committed.`,
    );
    this.name = 'CopyVerificationError';
  }
}

/** PostgreSQL allows 65,535 parameters a statement, SQLite 32,766: a batch stays well below both. */
const MAX_PARAMETERS = 30_000;

/**
 * Copies every table of `source` into `target`, IDs included, and proves the copy: row counts and a checksum per table
 * (see `domain/table-checksum.ts`) must agree on both sides. The target is brought up to date first; the source must
 * have exactly the target's tables and columns (the same Locator version). The source is read in one snapshot; the
 * target is written in one transaction, with its triggers off (rows arrive as the source holds them), which commits
 * only when verification passes. A target holding rows is refused unless `force`, which empties it in that same
 * transaction.
 */
export async function copyDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  options: CopyOptions = {},
): Promise<CopySummary> {
  await migrateToLatest(target);
  const layouts = await matchingLayouts(source.db, target.db);
  const order = dependencyOrder(layouts);
  const byName = new Map(layouts.map((layout) => [layout.name, layout]));
  const ordered = order.flatMap((name) => byName.get(name) ?? []);

  return snapshotOf(source, (reader) =>
    target.db.transaction().execute(async (writer) => {
      const sourceRows = await Promise.all(ordered.map((layout) => tables.countRows(reader, layout.name)));
      const progress = { copied: 0 };
      const sourceChecksums = await tables.withTriggersOff(writer, order, async () => {
        await emptyOrRefuse(writer, ordered, Boolean(options.force));
        options.onStart?.(sourceRows.reduce((sum, count) => sum + count, 0));
        const copied: string[] = [];
        for (const layout of ordered) {
          copied.push(
            await copyTable(reader, writer, layout, batchSizeFor(layout, options.batchSize), progress, options),
          );
          await tables.continueIdsAfterMax(writer, layout);
        }
        return copied;
      });
      const summaries: TableSummary[] = [];
      for (const [index, layout] of ordered.entries()) {
        summaries.push(
          await compareTable(
            writer,
            layout,
            { rows: sourceRows[index] ?? 0, checksum: sourceChecksums[index] ?? '' },
            options.batchSize,
          ),
        );
      }
      const summary = {
        tables: summaries,
        rows: progress.copied,
        verified: summaries.every((table) => table.verified),
      };
      // Throwing rolls the target back: a copy that does not match is not left looking complete.
      if (!summary.verified) throw new CopyVerificationError(summary);
      return summary;
    }),
  );
}

/** Reads a copied table back from the target and holds it against what was read from the source. */
async function compareTable(
  writer: Executor,
  layout: TableLayout,
  source: { rows: number; checksum: string },
  batchSize?: number,
): Promise<TableSummary> {
  const targetRows = await tables.countRows(writer, layout.name);
  const targetChecksum = await checksumOf(writer, layout, batchSizeFor(layout, batchSize));
  return {
    table: layout.name,
    sourceRows: source.rows,
    targetRows,
    sourceChecksum: source.checksum,
    targetChecksum,
    verified: source.rows === targetRows && source.checksum === targetChecksum,
  };
}

/** Reads the source in one consistent snapshot, so a copy of a database in use is a copy of one moment. */
function snapshotOf<T>(source: DatabaseHandle, work: (reader: Transaction<Database>) => Promise<T>): Promise<T> {
  const transaction = source.db.transaction();
  // SQLite's read transaction is a snapshot already; PostgreSQL's default (read committed) is not.
  return (source.dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction).execute(work);
}

async function matchingLayouts(source: Kysely<Database>, target: Kysely<Database>): Promise<TableLayout[]> {
  const [sourceLayouts, targetLayouts] = await Promise.all([
    tables.describeTables(source),
    tables.describeTables(target),
  ]);
  const missing = absentFrom(sourceLayouts, targetLayouts);
  if (missing.length > 0) {
    throw new ConflictError(
      `The source database lacks ${missing.join(', ')}: bring it up to date first (locator migrate with its DATABASE_URL).`,
    );
  }
  const unknown = absentFrom(targetLayouts, sourceLayouts);
  const targetKinds = new Map(
    targetLayouts.flatMap((layout) => layout.columns.map((column) => [`${layout.name}.${column.name}`, column.kind])),
  );
  const retyped = sourceLayouts.flatMap((layout) =>
    layout.columns
      .filter((column) => targetKinds.get(`${layout.name}.${column.name}`) !== column.kind)
      .map((column) => `${layout.name}.${column.name}`),
  );
  if (unknown.length > 0 || retyped.length > 0) {
    const what = [...new Set([...unknown, ...retyped])].join(', ');
    throw new ConflictError(
      `The source database has tables, columns or types this version of Locator does not know (${what}): copy with the version that wrote it.`,
    );
  }
  return targetLayouts;
}

/** What `wanted` has and `present` lacks: whole tables by name, else single columns as `table.column`. */
function absentFrom(present: TableLayout[], wanted: TableLayout[]): string[] {
  const byName = new Map(present.map((layout) => [layout.name, new Set(layout.columns.map((column) => column.name))]));
  return wanted.flatMap((layout) => {
    const columns = byName.get(layout.name);
    if (!columns) return [`table ${layout.name}`];
    return layout.columns
      .filter((column) => !columns.has(column.name))
      .map((column) => `${layout.name}.${column.name}`);
  });
}

async function emptyOrRefuse(writer: Executor, ordered: TableLayout[], force: boolean): Promise<void> {
  const counts = await Promise.all(
    ordered.map(async (layout) => [layout.name, await tables.countRows(writer, layout.name)] as const),
  );
  const filled = counts.filter(([, count]) => count > 0);
  if (filled.length === 0) return;
  if (!force) {
    const list = filled.map(([name, count]) => `${name} ${count}`).join(', ');
    throw new ConflictError(`The target database is not empty (${list}); add --force to empty it before copying.`);
  }
  for (const layout of [...ordered].reverse()) await tables.deleteAllRows(writer, layout.name);
}

function batchSizeFor(layout: TableLayout, requested = 1000): number {
  return Math.max(1, Math.min(requested, Math.floor(MAX_PARAMETERS / Math.max(1, layout.columns.length))));
}

/** A table's rows batch by batch in primary-key order. */
async function* batchesOf(
  db: Executor,
  layout: TableLayout,
  batchSize: number,
): AsyncGenerator<Record<string, unknown>[]> {
  let after: unknown[] | undefined;
  for (;;) {
    const rows = await tables.readRows(db, layout, after, batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = layout.primaryKey.map((column) => last[column]);
  }
}

/** Copies one table; returns the checksum of the rows read from the source. */
async function copyTable(
  reader: Executor,
  writer: Executor,
  layout: TableLayout,
  batchSize: number,
  progress: { copied: number },
  options: CopyOptions,
): Promise<string> {
  const checksum = new TableChecksum(layout.columns);
  for await (const rows of batchesOf(reader, layout, batchSize)) {
    await tables.insertRows(writer, layout, rows);
    for (const row of rows) checksum.add(row);
    progress.copied += rows.length;
    options.onProgress?.(progress.copied, layout.name);
  }
  return checksum.digest();
}

/** The checksum of a table as a database holds it, read in the order the copy read the source. */
async function checksumOf(db: Executor, layout: TableLayout, batchSize: number): Promise<string> {
  const checksum = new TableChecksum(layout.columns);
  for await (const rows of batchesOf(db, layout, batchSize)) for (const row of rows) checksum.add(row);
  return checksum.digest();
}
