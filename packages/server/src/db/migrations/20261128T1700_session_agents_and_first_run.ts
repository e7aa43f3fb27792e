import { type Kysely, sql } from 'kysely';

// A person sees where they are signed in: each session keeps the browser's User-Agent (as sent, cut to 500
// characters). The first run is claimed by inserting the one row `first_run` may hold (its key is always 1), so two
// setups at once on any number of instances make one owner: the database refuses the second row.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema
    .createTable('first_run')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('first_run').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
