import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import { idColumn } from './schema-helpers.ts';

// Bulk imports run as jobs: a row per import with its state, counts and progress; the file it reads, kept in the
// database so that any instance can take over an import whose process ended and resume it, and dropped when the
// import ends (in parts of 1 MiB: PostgreSQL's driver sends and receives bytea as hex text, and a 50 MB file in one
// value took more than 600 MB of memory to store and read back); and the rows that failed, written with the rows that
// succeeded so a resumed import reports them all.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // queued | running | done | failed
    .addColumn('status', 'text', (c) => c.notNull())
    // csv | xlsx | geojson | ndjson
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('file_bytes', 'integer', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('delete_missing', 'integer', (c) => c.notNull())
    .addColumn('atomic', 'integer', (c) => c.notNull())
    // Progress as shown: rows read from the file, rows finished, and how far through the file (per mille).
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_permille', 'integer', (c) => c.notNull().defaultTo(0))
    // Rows of the file whose outcome is committed: a resumed import skips them. Written only with those rows.
    .addColumn('checkpoint', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('geocoding_queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unknown_columns', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imports_due').on('imports').columns(['status', 'locked_until']).execute();
  await db.schema.createIndex('imports_project').on('imports').column('project_id').execute();

  await db.schema
    .createTable('import_files')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_files_pk', ['import_id', 'part'])
    .execute();

  await db.schema
    .createTable('import_row_errors')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('external_id', 'text')
    // The row's field errors as JSON: {"lat": ["..."]}.
    .addColumn('errors', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_row_errors_pk', ['import_id', 'row_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_row_errors').execute();
  await db.schema.dropTable('import_files').execute();
  await db.schema.dropTable('imports').execute();
}
