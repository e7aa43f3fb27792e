import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import { idColumn } from './schema-helpers.ts';

// What the dashboard's import wizard needs of imports: the column mapping an import was sent with (`column_map`, JSON
// of a header to the input name it sets, or null to skip it; kept so a resumed import reads the file as the first run
// did); the cells of each failed row (so the failed rows can be downloaded as a file to fix and import again); the
// rows an import created, updated (with the fields it changed) and deleted, its diff, listed page by page; and the
// mapping a project's imports remembered, one per project.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('imports').addColumn('column_map', 'text').execute();
  await db.schema.alterTable('import_row_errors').addColumn('cells', 'text').execute();
  await db.schema
    .createTable('import_row_changes')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    // created | updated | deleted
    .addColumn('kind', 'text', (c) => c.notNull())
    // The file's row (null for a deletion, which no row names).
    .addColumn('row_number', 'integer')
    .addColumn('location_id', 'text')
    .addColumn('external_id', 'text')
    .addColumn('name', 'text')
    // JSON list of the V2 input names an update changes.
    .addColumn('fields', 'text')
    .execute();
  await db.schema
    .createIndex('import_row_changes_import')
    .on('import_row_changes')
    .columns(['import_id', 'kind', 'id'])
    .execute();
  await db.schema
    .createTable('import_mappings')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    // JSON object: a header (as a file names it) to the input name it sets, or null to skip the column.
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('match', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_mappings').execute();
  await db.schema.dropTable('import_row_changes').execute();
  await db.schema.alterTable('import_row_errors').dropColumn('cells').execute();
  await db.schema.alterTable('imports').dropColumn('column_map').execute();
}
