import type { Executor } from '../../db/executor.ts';
import type { InsertableProjectRow, ProjectRow } from '../../db/tables/projects.table.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { requireApiAccess } from '../../domain/plans.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { requireRoleAllows } from '../../domain/roles.ts';

export async function insertProject(db: Executor, project: InsertableProjectRow): Promise<ProjectRow> {
  return db.insertInto('projects').values(project).returningAll().executeTakeFirstOrThrow();
}

/** A project with the role in it of the user it was found for. */
export type MemberProjectRow = ProjectRow & { role: string };

/**
 * A project by public ID, or the user's personal one, only when the user is a member of it (someone else's project is
 * not found), with the user's role there, in one query.
 */
async function findMemberProject(
  db: Executor,
  userId: number,
  which: { publicId: string } | { personal: true },
): Promise<MemberProjectRow | undefined> {
  let query = db
    .selectFrom('projects')
    .innerJoin('project_members', (join) =>
      join.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', userId),
    )
    .selectAll('projects')
    .select('project_members.role');
  query =
    'publicId' in which
      ? query.where('projects.public_id', '=', which.publicId)
      : query.where('projects.user_id', '=', userId).where('projects.personal', '=', 1);
  return query.executeTakeFirst();
}

export async function findPersonalProject(db: Executor, userId: number): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('user_id', '=', userId)
    .where('personal', '=', 1)
    .executeTakeFirst();
}

export async function findProjectById(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProjectByPublicId(db: Executor, publicId: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/**
 * The projects the user is a member of, with their role and location counts (kept on each project row by triggers), in
 * one query.
 */
export async function listProjectsOfUser(db: Executor, userId: number): Promise<MemberProjectRow[]> {
  return db
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .selectAll('projects')
    .select('project_members.role')
    .where('project_members.user_id', '=', userId)
    .orderBy('projects.id')
    .execute();
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
 * project as it read it). A project the caller is not a member of is not found; one whose plan lacks API access is
 * forbidden, and so is a request its credential or the caller's role there does not allow (read at every request:
 * a demotion or a removal takes effect at once, on every instance, for sessions and tokens alike).
 */
export async function accessibleProject(db: Executor, ref: ProjectRef): Promise<MemberProjectRow> {
  const project = await memberProject(db, ref);
  requireApiAccess(project.plan);
  return project;
}

/** `accessibleProject` for the routes that work whatever the project's plan (its members). */
export async function memberProject(db: Executor, ref: ProjectRef): Promise<MemberProjectRow> {
  const project = await findMemberProject(db, ref.userId, 'publicId' in ref ? { publicId: ref.publicId } : ref);
  if (!project) throw NotFoundError.of('Project');
  if (ref.access) requireRoleAllows(project.role, ref.access);
  return project;
}
