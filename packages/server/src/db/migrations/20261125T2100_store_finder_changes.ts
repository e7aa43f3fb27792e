import type { Kysely } from 'kysely';

// What the store finder's in-memory index of a project reads to catch up with writes instead of building again: each
// location row keeps the project data version of its last write (a settings change marks the locations showing the
// setting), and each deletion leaves a row with the version of the delete. Existing rows keep 0: an index is built
// from scratch when a process starts, so nothing before this migration is read as a change.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('locations')
    .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // With `id`, the IDs written after a version are read from the index alone.
  await db.schema
    .createIndex('locations_project_id_data_version')
    .on('locations')
    .columns(['project_id', 'data_version', 'id'])
    .execute();
  await db.schema
    .createTable('deleted_locations')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.primaryKey())
    .addColumn('data_version', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deleted_locations_project_id_data_version')
    .on('deleted_locations')
    .columns(['project_id', 'data_version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_locations').execute();
  await db.schema.dropIndex('locations_project_id_data_version').execute();
  await db.schema.alterTable('locations').dropColumn('data_version').execute();
}
