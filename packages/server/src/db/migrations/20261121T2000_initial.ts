import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import { idColumn } from './schema-helpers.ts';

// Booleans are integers (0/1) and timestamps ISO 8601 text, so SQLite and PostgreSQL store the same values.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('personal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_user_id').on('projects').column('user_id').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();

  for (const table of ['location_types', 'markers', 'filters', 'custom_fields', 'calls_to_action', 'images'] as const) {
    const nameColumn = table === 'calls_to_action' ? 'title' : 'name';
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'integer', idColumn(dialect))
      .addColumn('public_id', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn(nameColumn, 'text', (c) => c.notNull());
    if (table === 'location_types') {
      builder = builder
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('label', 'integer', (c) => c.notNull().defaultTo(0));
    }
    if (table === 'markers') {
      builder = builder
        .addColumn('color', 'text')
        .addColumn('icon_url', 'text')
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0));
    }
    if (table === 'images') builder = builder.addColumn('url', 'text', (c) => c.notNull());
    await builder
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint(`${table}_name_unique`, ['project_id', nameColumn])
      .execute();
  }

  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_generated', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('display_address', 'text', (c) => c.notNull())
    .addColumn('display_address_generated', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('address_line_1', 'text')
    .addColumn('address_line_2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postcode', 'text')
    .addColumn('country', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('url', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('location_type_id', 'integer', (c) => c.references('location_types.id').onDelete('set null'))
    .addColumn('marker_id', 'integer', (c) => c.references('markers.id').onDelete('set null'))
    .addColumn('cover_image_url', 'text')
    .addColumn('cover_image_name', 'text')
    .addColumn('facebook', 'text')
    .addColumn('instagram', 'text')
    .addColumn('twitter', 'text')
    .addColumn('yelp', 'text')
    .addColumn('youtube', 'text')
    .addColumn('tiktok', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('locations_slug_unique', ['project_id', 'slug'])
    .execute();
  // Lists page by ID within a project; incremental sync filters on updated_at.
  await db.schema.createIndex('locations_project_id_id').on('locations').columns(['project_id', 'id']).execute();
  await db.schema
    .createIndex('locations_project_updated')
    .on('locations')
    .columns(['project_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('opening_hours')
    .addColumn('location_id', 'integer', (c) => c.primaryKey().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mon', 'text')
    .addColumn('tue', 'text')
    .addColumn('wed', 'text')
    .addColumn('thu', 'text')
    .addColumn('fri', 'text')
    .addColumn('sat', 'text')
    .addColumn('sun', 'text')
    .execute();

  await db.schema
    .createTable('location_filters')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('filter_id', 'integer', (c) => c.notNull().references('filters.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('location_filters_pk', ['location_id', 'filter_id'])
    .execute();
  await db.schema
    .createTable('location_field_values')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('location_field_values_pk', ['location_id', 'field_id'])
    .execute();
  await db.schema
    .createTable('location_calls_to_action')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('call_to_action_id', 'integer', (c) => c.notNull().references('calls_to_action.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('location_calls_to_action_pk', ['location_id', 'call_to_action_id'])
    .execute();
  // Deleting a filter, field or call to action detaches it: the cascades above need an index on the referencing side.
  await db.schema.createIndex('location_filters_filter').on('location_filters').column('filter_id').execute();
  await db.schema.createIndex('location_field_values_field').on('location_field_values').column('field_id').execute();
  await db.schema
    .createIndex('location_calls_to_action_cta')
    .on('location_calls_to_action')
    .column('call_to_action_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'location_calls_to_action',
    'location_field_values',
    'location_filters',
    'opening_hours',
    'locations',
    'images',
    'calls_to_action',
    'custom_fields',
    'filters',
    'markers',
    'location_types',
    'api_tokens',
    'projects',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
