import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import { idColumn } from './schema-helpers.ts';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // pending | done | failed | manual; existing rows are taken as placed by hand.
  await db.schema
    .alterTable('locations')
    .addColumn('geocoding_status', 'text', (c) => c.notNull().defaultTo('manual'))
    .execute();
  await db.schema.alterTable('locations').addColumn('geocoding_precision', 'text').execute();

  await db.schema
    .createTable('geocoding_jobs')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    // pending | running | done | failed | skipped
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('geocoding_jobs_due').on('geocoding_jobs').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('geocoding_jobs_location').on('geocoding_jobs').column('location_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('geocoding_jobs').execute();
  await db.schema.alterTable('locations').dropColumn('geocoding_precision').execute();
  await db.schema.alterTable('locations').dropColumn('geocoding_status').execute();
}
