import type { Kysely } from 'kysely';

// The change feed filtered to one location (a store's history) or to one actor (what a person changed), newest first:
// without these an import of many stores makes such a page read every event of the project kept.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('events_project_location_id')
    .on('events')
    .columns(['project_id', 'location_public_id', 'id'])
    .execute();
  await db.schema
    .createIndex('events_project_actor_id')
    .on('events')
    .columns(['project_id', 'actor_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_project_actor_id').execute();
  await db.schema.dropIndex('events_project_location_id').execute();
}
