import type { Executor } from '../../db/executor.ts';
import type { InsertableProjectMemberRow } from '../../db/tables/project-members.table.ts';

export async function insertMember(db: Executor, member: InsertableProjectMemberRow): Promise<void> {
  await db.insertInto('project_members').values(member).execute();
}

/** A project's member as the team lists them. */
export interface MemberView {
  user_id: number;
  user_public_id: string;
  name: string;
  email: string;
  role: string;
  created_at: string;
}

function members(db: Executor, projectId: number) {
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select([
      'users.id as user_id',
      'users.public_id as user_public_id',
      'users.name',
      'users.email',
      'project_members.role',
      'project_members.created_at',
    ])
    .where('project_members.project_id', '=', projectId);
}

export async function listMembers(db: Executor, projectId: number): Promise<MemberView[]> {
  return members(db, projectId).orderBy('project_members.created_at').orderBy('users.id').execute();
}

export async function findMember(
  db: Executor,
  projectId: number,
  userPublicId: string,
): Promise<MemberView | undefined> {
  return members(db, projectId).where('users.public_id', '=', userPublicId).executeTakeFirst();
}

export async function isMember(db: Executor, projectId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countOwners(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<string | number>().as('owners'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

export async function setMemberRole(db: Executor, projectId: number, userId: number, role: string): Promise<void> {
  await db
    .updateTable('project_members')
    .set({ role })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Executor, projectId: number, userId: number): Promise<void> {
  await db.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', '=', userId).execute();
}
