import { sql } from 'kysely';
import type { InsertableProjectRow, ProjectRow } from '../db/tables/projects.table.ts';
import type { Executor } from './executor.ts';

export async function insertProject(db: Executor, project: InsertableProjectRow): Promise<ProjectRow> {
  return db.insertInto('projects').values(project).returningAll().executeTakeFirstOrThrow();
}

/** A project by public ID, only when the user owns it: someone else's project is not found. */
export async function findOwnedProject(db: Executor, userId: number, publicId: string): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findPersonalProject(db: Executor, userId: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('user_id', '=', userId).where('personal', '=', 1).executeTakeFirst();
}

export async function findProjectByPublicId(db: Executor, publicId: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export type ProjectWithCount = ProjectRow & { locations_count: number };

/** The user's projects with their location counts, in one query. */
export async function listProjectsWithCounts(db: Executor, userId: number): Promise<ProjectWithCount[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll('projects')
    .select((eb) =>
      eb
        .selectFrom('locations')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('locations.project_id', '=', 'projects.id')
        .as('locations_count'),
    )
    .where('projects.user_id', '=', userId)
    .orderBy('projects.id')
    .execute();
  return rows.map((row) => ({ ...row, locations_count: Number(row.locations_count ?? 0) }));
}
