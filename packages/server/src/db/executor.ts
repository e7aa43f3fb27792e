import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';

/** A repository function takes the database or an open transaction, so services decide the transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
