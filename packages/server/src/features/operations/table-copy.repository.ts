import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { type ColumnLayout, columnKind } from '../../domain/table-checksum.ts';

// Reads and writes any table of the schema by name, for `locator copy`. What the tables are comes from the database
// itself (its catalog), so a table a later migration adds is copied without a change here.

/** A table as the database describes it. */
export interface TableLayout {
  name: string;
  /** In the order the table declares them. */
  columns: ColumnLayout[];
  primaryKey: string[];
  /** Tables its foreign keys point at. */
  references: string[];
}

/** The migrator's own tables: each database's migrator keeps them, they are not data. */
const MIGRATOR_TABLES = /^kysely_migration/;

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The OID of a table of the connection's schema (the first of its `search_path`). */
const relation = (table: string) =>
  sql`(select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relname = ${table})`;

/**
 * Every data table of the database with its columns, primary key and foreign keys: on PostgreSQL those of the
 * connection's schema, read from `pg_catalog` (which, unlike `information_schema`, shows them to a read-only role).
 */
export async function describeTables(db: Executor): Promise<TableLayout[]> {
  const names = isPostgres(db)
    ? await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(db)
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(db);
  const tables = names.rows.map((row) => row.name).filter((name) => !MIGRATOR_TABLES.test(name));
  return Promise.all(tables.sort().map((name) => describeTable(db, name)));
}

async function describeTable(db: Executor, name: string): Promise<TableLayout> {
  if (isPostgres(db)) {
    const [columns, primaryKey, references] = await Promise.all([
      sql<{
        name: string;
        type: string;
      }>`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
        where a.attrelid = ${relation(name)} and a.attnum > 0 and not a.attisdropped order by a.attnum`.execute(db),
      sql<{ name: string }>`select a.attname as name from pg_constraint k
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
        where k.contype = 'p' and k.conrelid = ${relation(name)} order by array_position(k.conkey, a.attnum)`.execute(
        db,
      ),
      sql<{
        name: string;
      }>`select distinct t.relname as name from pg_constraint k join pg_class t on t.oid = k.confrelid
        where k.contype = 'f' and k.conrelid = ${relation(name)}`.execute(db),
    ]);
    return layoutOf(name, columns.rows, primaryKey.rows, references.rows);
  }
  const [columns, references] = await Promise.all([
    sql<{
      name: string;
      type: string;
      pk: number;
    }>`select name, type, pk from pragma_table_info(${name}) order by cid`.execute(db),
    sql<{ name: string }>`select distinct "table" as name from pragma_foreign_key_list(${name})`.execute(db),
  ]);
  const primaryKey = columns.rows.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
  return layoutOf(name, columns.rows, primaryKey, references.rows);
}

function layoutOf(
  name: string,
  columns: { name: string; type: string }[],
  primaryKey: { name: string }[],
  references: { name: string }[],
): TableLayout {
  return {
    name,
    columns: columns.map((column) => ({ name: column.name, kind: columnKind(column.type) })),
    primaryKey: primaryKey.map((column) => column.name),
    references: references.map((table) => table.name).sort(),
  };
}

export async function countRows(db: Executor, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A primary-key column as rows are ordered and compared by. PostgreSQL sorts text by the database's locale; "C"
 * sorts by code point, as SQLite does, so both sides of a copy walk a table in the same order.
 */
function keyOf(db: Executor, layout: TableLayout, column: string): RawBuilder<unknown> {
  const text = layout.columns.some((candidate) => candidate.name === column && candidate.kind === 'text');
  return text && isPostgres(db) ? sql`${sql.ref(column)} collate "C"` : sql`${sql.ref(column)}`;
}

/**
 * Up to `limit` rows in primary-key order, starting after the row whose key is `after` (from the start when
 * undefined). Paging by key rather than by offset keeps every batch as quick as the first.
 */
export async function readRows(
  db: Executor,
  layout: TableLayout,
  after: readonly unknown[] | undefined,
  limit: number,
): Promise<Record<string, unknown>[]> {
  if (layout.primaryKey.length === 0)
    throw new Error(`Table ${layout.name} has no primary key to copy it in order by.`);
  const key = sql.join(layout.primaryKey.map((column) => keyOf(db, layout, column)));
  const columns = sql.join(layout.columns.map((column) => sql.ref(column.name)));
  const from = after ? sql`where (${key}) > (${sql.join(after.map((value) => sql`${value}`))})` : sql``;
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${columns} from ${sql.table(layout.name)} ${from} order by ${key} limit ${limit}`.execute(db);
  return rows;
}

/** Inserts rows as they are, IDs included. */
export async function insertRows(
  db: Executor,
  layout: TableLayout,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(layout.columns.map((column) => sql.ref(column.name)));
  const values = sql.join(
    rows.map((row) => sql`(${sql.join(layout.columns.map((column) => sql`${row[column.name] ?? null}`))})`),
  );
  await sql`insert into ${sql.table(layout.name)} (${columns}) values ${values}`.execute(db);
}

export async function deleteAllRows(db: Executor, table: string): Promise<void> {
  await sql`delete from ${sql.table(table)}`.execute(db);
}

/**
 * After rows came in with their IDs, moves a PostgreSQL identity sequence past the highest, so the next insert gets
 * a fresh ID. SQLite needs nothing: an AUTOINCREMENT table remembers the highest ID ever inserted by itself.
 */
export async function continueIdsAfterMax(db: Executor, layout: TableLayout): Promise<void> {
  const [key] = layout.primaryKey;
  if (!isPostgres(db) || layout.primaryKey.length !== 1 || key === undefined) return;
  const { rows } = await sql<{
    sequence: string | null;
  }>`select pg_get_serial_sequence(quote_ident(current_schema()) || '.' || quote_ident(${layout.name}), ${key}) as sequence`.execute(
    db,
  );
  const sequence = rows[0]?.sequence;
  if (!sequence) return;
  await sql`select setval(${sequence}::regclass, (select coalesce(max(${sql.ref(key)}), 0) + 1 from ${sql.table(layout.name)}), false)`.execute(
    db,
  );
}

/**
 * Runs `work` with the database's own triggers switched off, inside the caller's transaction: copied rows already
 * hold what triggers derived in the source (a project's location count, say), so firing them again would count twice.
 * PostgreSQL disables them per table (foreign keys stay checked; this needs the tables' owner, who ran the
 * migrations); SQLite cannot disable a trigger, so they are dropped and created again from their own definitions.
 * Should `work` throw, the rollback of the transaction restores them.
 */
export async function withTriggersOff<T>(
  db: Executor,
  tableNames: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  if (isPostgres(db)) {
    for (const table of tableNames) await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
    const result = await work();
    for (const table of tableNames) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
    return result;
  }
  const { rows: triggers } = await sql<{
    name: string;
    definition: string;
  }>`select name, sql as definition from sqlite_master where type = 'trigger'`.execute(db);
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
  const result = await work();
  for (const trigger of triggers) await sql.raw(trigger.definition).execute(db);
  return result;
}
