import type { Executor } from '../../db/executor.ts';
import type { InsertableUserRow, UserRow } from '../../db/tables/users.table.ts';

export async function insertUser(db: Executor, user: InsertableUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether any user exists: the first run (`POST /api/v2/setup`) is open only while none does. */
export async function anyUserExists(db: Executor): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function setUserName(db: Executor, userId: number, name: string): Promise<UserRow | undefined> {
  return db.updateTable('users').set({ name }).where('id', '=', userId).returningAll().executeTakeFirst();
}

/**
 * Claims the first run: inserts the one row `first_run` may hold. False when another setup holds it already: on
 * PostgreSQL a second setup at once waits for the first's transaction and then finds the row (or takes it, if the
 * first rolled back); SQLite runs one write transaction at a time.
 */
export async function claimFirstRun(db: Executor, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('first_run')
    .values({ id: 1, created_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}
