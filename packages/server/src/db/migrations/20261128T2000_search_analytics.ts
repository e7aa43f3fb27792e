import { type Kysely, sql } from 'kysely';

// The store finder's daily counts: searches by what they asked (metric and key), by the coarse place they searched
// from, and visitors' actions per location. Nothing in these tables identifies a visitor (see docs/privacy.md). The
// counts are added to by every server process (`insert … on conflict do update set count = count + excluded.count`).
// The geocoding cache keeps a visitor's search under a hash of its text from now on; the free-text answers cached
// before (`t|…`), which may hold what visitors typed, are forgotten (a location's address is geocoded again if asked).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_counts')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_counts_pkey', ['project_id', 'day', 'metric', 'key'])
    .execute();
  await db.schema
    .createTable('search_place_counts')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('lat', 'real', (c) => c.notNull())
    .addColumn('lng', 'real', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('zero_result', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_place_counts_pkey', ['project_id', 'day', 'place'])
    .execute();
  await db.schema
    .createTable('location_action_counts')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('location_action_counts_pkey', ['project_id', 'day', 'location_id', 'action'])
    .execute();
  // Retention deletes by day across projects.
  for (const table of ['search_counts', 'search_place_counts', 'location_action_counts'])
    await db.schema.createIndex(`${table}_day`).on(table).column('day').execute();
  await sql`delete from geocode_cache where address_key like 't|%'`.execute(db);
  await db.schema
    .createIndex('location_action_counts_location')
    .on('location_action_counts')
    .column('location_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['location_action_counts', 'search_place_counts', 'search_counts'])
    await db.schema.dropTable(table).execute();
}
