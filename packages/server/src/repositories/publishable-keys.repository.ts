import type { Executor } from '../db/executor.ts';
import type { InsertablePublishableKeyRow, PublishableKeyRow } from '../db/tables/publishable-keys.table.ts';

export async function insertPublishableKey(db: Executor, row: InsertablePublishableKeyRow): Promise<PublishableKeyRow> {
  return db.insertInto('publishable_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The project's keys, revoked ones too, oldest first. */
export async function listPublishableKeys(db: Executor, projectId: number): Promise<PublishableKeyRow[]> {
  return db.selectFrom('publishable_keys').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

/** A key by its public ID, within a project when one is given. */
export async function findPublishableKey(db: Executor, publicId: string, projectId?: number): Promise<PublishableKeyRow | undefined> {
  let query = db.selectFrom('publishable_keys').selectAll().where('public_id', '=', publicId);
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  return query.executeTakeFirst();
}

export async function updatePublishableKey(db: Executor, id: number, changes: { origins?: string; revoked_at?: string }): Promise<PublishableKeyRow> {
  return db.updateTable('publishable_keys').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A key a page sent, with the plan of its project: what a public request is allowed to read. */
export async function findKeyByText(
  db: Executor,
  key: string,
): Promise<(PublishableKeyRow & { plan: string; project_public_id: string; project_name: string; data_version: number }) | undefined> {
  return db
    .selectFrom('publishable_keys')
    .innerJoin('projects', 'projects.id', 'publishable_keys.project_id')
    .selectAll('publishable_keys')
    .select(['projects.plan as plan', 'projects.public_id as project_public_id', 'projects.name as project_name', 'projects.data_version as data_version'])
    .where('publishable_keys.key', '=', key)
    .executeTakeFirst();
}
