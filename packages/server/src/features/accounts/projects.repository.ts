import type { Executor } from '../../db/executor.ts';
import type { InsertableProjectRow, ProjectRow } from '../../db/tables/projects.table.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { requireApiAccess } from '../../domain/plans.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';

export async function insertProject(db: Executor, project: InsertableProjectRow): Promise<ProjectRow> {
  return db.insertInto('projects').values(project).returningAll().executeTakeFirstOrThrow();
}

/** A project by public ID, only when the user owns it: someone else's project is not found. */
export async function findOwnedProject(
  db: Executor,
  userId: number,
  publicId: string,
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findPersonalProject(db: Executor, userId: number): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('user_id', '=', userId)
    .where('personal', '=', 1)
    .executeTakeFirst();
}

export async function findProjectByPublicId(db: Executor, publicId: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** The user's projects with their location counts (kept on each project row by triggers), in one query. */
export async function listProjectsOfUser(db: Executor, userId: number): Promise<ProjectRow[]> {
  return db.selectFrom('projects').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/**
 * Starts a change of a project's data (its locations or settings): moves its `data_version` on, which tells every
 * instance's store-finder index and the public ETags that the project changed, and takes the project's row lock until
 * commit, so writes that must see each other (settings names and defaults, location slugs) wait for each other and
 * data versions commit in the order they are taken. Every such write calls it first, before it locks any location,
 * so that two writes always lock in the same order. SQLite runs one write transaction at a time anyway.
 * Returns the new version, which the write stores on each location row it inserts or updates (`data_version`).
 */
export async function lockProjectForChange(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .updateTable('projects')
    .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
    .where('id', '=', projectId)
    .returning('data_version')
    .executeTakeFirstOrThrow();
  return row.data_version;
}

/**
 * Takes the project's change lock as `lockProjectForChange` does, but leaves its data version where it is: for a
 * transaction that records an event of the project's feed (whose order the lock keeps) without changing its data,
 * such as an import's end. Returns the current version.
 */
export async function lockProjectForEvent(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .updateTable('projects')
    .set((eb) => ({ data_version: eb.ref('data_version') }))
    .where('id', '=', projectId)
    .returning('data_version')
    .executeTakeFirstOrThrow();
  return row.data_version;
}

/**
 * `lockProjectForChange` for a write that knows only the location it changes (the geocoding worker's); undefined when
 * the location is gone.
 */
export async function lockProjectOfLocationForChange(
  db: Executor,
  locationId: number,
): Promise<{ id: number; dataVersion: number } | undefined> {
  const row = await db
    .updateTable('projects')
    .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
    .where('id', '=', (eb) => eb.selectFrom('locations').select('project_id').where('id', '=', locationId))
    .returning(['id', 'data_version'])
    .executeTakeFirst();
  return row ? { id: row.id, dataVersion: row.data_version } : undefined;
}

/**
 * The project a reference names, read on `db` (a service passes its transaction, so the write saves against the
 * project as it read it). Someone else's project is not found; one whose plan lacks API access is forbidden.
 */
export async function accessibleProject(db: Executor, ref: ProjectRef): Promise<ProjectRow> {
  const project =
    'publicId' in ref
      ? await findOwnedProject(db, ref.userId, ref.publicId)
      : await findPersonalProject(db, ref.userId);
  if (!project) throw NotFoundError.of('Project');
  requireApiAccess(project.plan);
  return project;
}
