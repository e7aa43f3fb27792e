import type { Executor } from '../../db/executor.ts';
import type { InsertablePasswordResetRow, PasswordResetRow } from '../../db/tables/password-resets.table.ts';

export async function insertPasswordReset(db: Executor, reset: InsertablePasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute();
}

export async function findPasswordResetByHash(db: Executor, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a reset link used, unless it was already: answers whether this call was the one that used it. */
export async function markPasswordResetUsed(db: Executor, resetId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
