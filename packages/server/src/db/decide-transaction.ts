import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

/** What a transaction's work decided: keep what it wrote, or undo it; either way answering `T`. */
export type Decision<T> = { commit: T } | { rollBack: T };

/**
 * Runs `work` in a transaction that commits or rolls back as `work` decides, without an exception to undo it: a batch
 * that turned out to write nothing, an all-or-nothing import with a failed row, a worker that lost its lease. Anything
 * thrown still rolls back, and is thrown on.
 */
export async function decideTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<Decision<T>>,
): Promise<T> {
  const trx = await db.startTransaction().execute();
  let decision: Decision<T>;
  try {
    decision = await work(trx);
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
  if ('commit' in decision) {
    await trx.commit().execute();
    return decision.commit;
  }
  await trx.rollback().execute();
  return decision.rollBack;
}
