import type { Executor } from '../db/executor.ts';
import type { IdempotencyKeyRow } from '../db/tables/idempotency-keys.table.ts';

/** The user's key if it was claimed at or after `since` (older keys are expired). */
export async function findIdempotencyKey(
  db: Executor,
  userId: number,
  key: string,
  since: string,
): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/** Forgets the user's keys claimed before `before`. */
export async function deleteExpiredIdempotencyKeys(db: Executor, userId: number, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('created_at', '<', before).execute();
}

/**
 * Claims a key for a request, without a response yet. False when the user already holds the key; on PostgreSQL a
 * claim by a transaction still open is waited for, so the answer is known once that transaction ends.
 */
export async function claimIdempotencyKey(
  db: Executor,
  claim: Pick<IdempotencyKeyRow, 'user_id' | 'key' | 'route' | 'request_hash' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ ...claim, response_status: null, response_body: null })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Stores the response of the request that claimed the key. */
export async function saveIdempotentResponse(
  db: Executor,
  userId: number,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
