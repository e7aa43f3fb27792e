import type { Executor } from '../../db/executor.ts';
import type { InsertableInvitationRow, InvitationRow } from '../../db/tables/invitations.table.ts';

export async function insertInvitation(db: Executor, invitation: InsertableInvitationRow): Promise<InvitationRow> {
  return db.insertInto('invitations').values(invitation).returningAll().executeTakeFirstOrThrow();
}

/** The project's invitations not accepted yet (expired ones included: the team sees them run out), oldest first. */
export async function listPendingInvitations(db: Executor, projectId: number): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('accepted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function findInvitation(
  db: Executor,
  projectId: number,
  publicId: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findInvitationByHash(db: Executor, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function deleteInvitation(db: Executor, invitationId: number): Promise<void> {
  await db.deleteFrom('invitations').where('id', '=', invitationId).execute();
}

/** Marks an invitation used, unless it was already: answers whether this call was the one that used it. */
export async function markInvitationAccepted(db: Executor, invitationId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: at })
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
