import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** Resolves when the database answers a trivial query; rejects when it cannot. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
