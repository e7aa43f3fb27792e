import type { Kysely } from 'kysely';

// A location's key in the systems a business keeps its stores in (an ERP's store number, a spreadsheet's row key), so
// that imports and integrations match rows by it instead of by name and address. Unique in its project; null for
// any number of locations (both dialects let a unique index hold many nulls). The index serves the import's lookups
// and the V2 list's exact `external_id=` filter.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('locations').addColumn('external_id', 'text').execute();
  await db.schema
    .createIndex('locations_external_id_unique')
    .unique()
    .on('locations')
    .columns(['project_id', 'external_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('locations_external_id_unique').execute();
  await db.schema.alterTable('locations').dropColumn('external_id').execute();
}
