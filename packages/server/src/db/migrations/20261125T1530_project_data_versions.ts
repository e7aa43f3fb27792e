import type { Kysely } from 'kysely';

// A number every write of a project's locations or settings moves on, in the write's own transaction. The store
// finder compares it to decide whether its in-memory index of the project is current, and builds its ETags from it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('data_version').execute();
}
