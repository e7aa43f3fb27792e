import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import { idColumn } from './schema-helpers.ts';

// Read-only keys a web page may carry to search a project's visible locations. They are public by design (they sit
// in a page's source), so the key is stored as it is and can be listed again; a revoked key stays, refused.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('publishable_keys')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('origins', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('publishable_keys_project_id').on('publishable_keys').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publishable_keys').execute();
}
