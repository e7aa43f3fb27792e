import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';
import { idColumn } from './schema-helpers.ts';

// The change feed and webhooks: events written in the transaction of each change, the endpoints a project sends them
// to, one delivery per event and endpoint, and the tries of each delivery.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('location_id', 'integer')
    .addColumn('location_public_id', 'text')
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('data_version', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .execute();
  // The feed reads one project's events in ID order from a cursor; retention deletes by age.
  await db.schema.createIndex('events_project_id_id').on('events').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('events_occurred_at').on('events').column('occurred_at').execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('failures_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_project_id').on('webhook_endpoints').column('project_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('ordering_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Only pending deliveries are looked for, so the workers' indexes hold only those: a worker finds the due ones,
  // and whether one waits for an earlier delivery of its location, however long the log of finished ones grows.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_pending_in_order')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'ordering_key', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_id_id')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_event_id').on('webhook_deliveries').column('event_id').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_body', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_id')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('events').execute();
}
