import { PostgresAdapter } from 'kysely';
import type { InsertableProjectRow, ProjectRow } from '../db/tables/projects.table.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';

export async function insertProject(db: Executor, project: InsertableProjectRow): Promise<ProjectRow> {
  return db.insertInto('projects').values(project).returningAll().executeTakeFirstOrThrow();
}

// Every location request reads its project, so the query is compiled once.
const ownedProject = compiledOnce((db, _shape: null, userId: number, publicId: string) =>
  db.selectFrom('projects').selectAll().where('public_id', '=', publicId).where('user_id', '=', userId),
);

/** A project by public ID, only when the user owns it: someone else's project is not found. */
export async function findOwnedProject(db: Executor, userId: number, publicId: string): Promise<ProjectRow | undefined> {
  const [project] = await ownedProject(db, null, userId, publicId);
  return project;
}

export async function findPersonalProject(db: Executor, userId: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('user_id', '=', userId).where('personal', '=', 1).executeTakeFirst();
}

export async function findProjectByPublicId(db: Executor, publicId: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export type ProjectWithCount = ProjectRow;

/** The user's projects with their location counts (kept on each project row by triggers), in one query. */
export async function listProjectsWithCounts(db: Executor, userId: number): Promise<ProjectWithCount[]> {
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

const lockedCatalogRevision = compiledOnce((db, _shape: null, projectId: number) =>
  db
    .updateTable('projects')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', projectId)
    .returning('catalog_revision'),
);

/**
 * Locks the project as `lockProject` does, for a write that plans from its catalog, and answers the catalog's revision
 * as it stands under the lock (undefined when the project was deleted meanwhile). On SQLite, whose write transactions
 * run one at a time, there is nothing to lock and the project row the transaction has already read is current: no
 * statement is run.
 */
export async function lockProjectCatalog(db: Executor, project: Pick<ProjectRow, 'id' | 'catalog_revision'>): Promise<number | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return project.catalog_revision;
  const [row] = await lockedCatalogRevision(db, null, project.id);
  return row?.catalog_revision;
}
