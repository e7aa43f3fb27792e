import type { Kysely } from 'kysely';

// One answer per provider and normalised address (see `domain/geocode-request.ts`); a row without coordinates is a
// remembered "no such place", so nonsense is not sent to the provider again and again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('geocode_cache')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('precision', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('geocode_cache_pkey', ['provider', 'address_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('geocode_cache').execute();
}
