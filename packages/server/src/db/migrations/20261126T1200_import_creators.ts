import type { Kysely } from 'kysely';

// Who started an import: an import's changes name the import as their actor (`imp_…`), and the import names the
// credential or command that started it, so the change feed traces every change to a token or a command. Null for
// imports made before this column.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('created_by_type', 'text').execute();
  await db.schema.alterTable('imports').addColumn('created_by_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('created_by_id').execute();
  await db.schema.alterTable('imports').dropColumn('created_by_type').execute();
}
