import type { Transaction } from 'kysely';
import type { Database } from './database.ts';

/**
 * Work that joins a write's transaction and commits or rolls back with it: `before` runs first and may abort the
 * write by throwing; `after` sees what the write produced.
 */
export interface TransactionHooks<Result> {
  before?(trx: Transaction<Database>): Promise<void>;
  after?(trx: Transaction<Database>, result: Result): Promise<void>;
}
