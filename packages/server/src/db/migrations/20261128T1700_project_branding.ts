import type { Kysely } from 'kysely';

// How a project's store finder presents it: the name visitors read (the project's own name is the team's), a logo and
// the brand's colour. Each is null until set.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('display_name', 'text').execute();
  await db.schema.alterTable('projects').addColumn('logo_url', 'text').execute();
  await db.schema.alterTable('projects').addColumn('brand_color', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('brand_color').execute();
  await db.schema.alterTable('projects').dropColumn('logo_url').execute();
  await db.schema.alterTable('projects').dropColumn('display_name').execute();
}
