import type { InsertableProjectRow, ProjectRow } from '../db/tables/projects.table.ts';
import type { Executor } from '../db/executor.ts';

export async function insertProject(db: Executor, project: InsertableProjectRow): Promise<ProjectRow> {
  return db.insertInto('projects').values(project).returningAll().executeTakeFirstOrThrow();
}

/** A project by public ID, only when the user owns it: someone else's project is not found. */
export async function findOwnedProject(db: Executor, userId: number, publicId: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('public_id', '=', publicId).where('user_id', '=', userId).executeTakeFirst();
}

export async function findPersonalProject(db: Executor, userId: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('user_id', '=', userId).where('personal', '=', 1).executeTakeFirst();
}

export async function findProjectByPublicId(db: Executor, publicId: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** The user's projects with their location counts (kept on each project row by triggers), in one query. */
export async function listProjectsOfUser(db: Executor, userId: number): Promise<ProjectRow[]> {
  return db.selectFrom('projects').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/**
 * Makes writes that must see each other within one project (settings names and defaults, location slugs) wait for
 * each other until commit. The no-op update takes the project's row lock on PostgreSQL and is plain SQL on SQLite,
 * which runs one write transaction at a time anyway.
 */
export async function lockProject(db: Executor, projectId: number): Promise<void> {
  await db
    .updateTable('projects')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', projectId)
    .execute();
}
