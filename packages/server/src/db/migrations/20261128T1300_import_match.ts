import { type Kysely, sql } from 'kysely';

// How an import matches rows without a key to saved locations: `external_id` (only by their keys, as before) or
// `name_address` (a row with no key that matches one saved location by name and address updates it). And what an
// import noted of a row besides its failure: `possible_duplicate`, a row it created although a saved location has
// its name and address. The notes share the failures' table, which gains their kind. The index finds a batch's
// candidates by name, ignoring case, in probes rather than a scan of the project (both dialects index the expression).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('imports')
    .addColumn('match', 'text', (c) => c.notNull().defaultTo('external_id'))
    .execute();
  await db.schema
    .alterTable('import_row_errors')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('failed'))
    .execute();
  await sql`create index "locations_project_id_lower_name" on "locations" ("project_id", lower("name"))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('locations_project_id_lower_name').execute();
  await db.schema.alterTable('import_row_errors').dropColumn('kind').execute();
  await db.schema.alterTable('imports').dropColumn('match').execute();
}
