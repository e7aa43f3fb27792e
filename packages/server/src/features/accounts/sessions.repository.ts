import type { Executor } from '../../db/executor.ts';
import type { InsertableSessionRow, SessionRow } from '../../db/tables/sessions.table.ts';

export async function insertSession(db: Executor, session: InsertableSessionRow): Promise<SessionRow> {
  return db.insertInto('sessions').values(session).returningAll().executeTakeFirstOrThrow();
}

/** The session with this hash and its user's public ID, in one query (every request with the cookie). */
export async function findSessionByHash(
  db: Executor,
  valueHash: string,
): Promise<(SessionRow & { user_public_id: string }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select('users.public_id as user_public_id')
    .where('sessions.value_hash', '=', valueHash)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, sessionId: number, seenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: seenAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user ("sign out everywhere", a new password); answers how many there were. */
export async function deleteSessionsOfUser(db: Executor, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The sessions of a user, newest first (the account page's list). */
export async function listSessionsOfUser(db: Executor, userId: number): Promise<SessionRow[]> {
  return db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** Ends every session of a user but one (a new password keeps the browser that set it signed in). */
export async function deleteOtherSessionsOfUser(db: Executor, userId: number, keptSessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keptSessionId).execute();
}
