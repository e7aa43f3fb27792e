import { PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../db/executor.ts';

/**
 * The candidate row of a claim, as a subquery of the UPDATE that claims it. On PostgreSQL it is picked `FOR UPDATE SKIP
 * LOCKED` (of the tables `of` names, else of every table it reads), so workers claiming at once take different rows
 * instead of queueing behind one; the UPDATE re-checks the row's state, so two workers never both win it. SQLite runs
 * one write at a time and needs neither.
 */
export function claimable<DB, TB extends keyof DB, O>(
  db: Executor,
  candidates: SelectQueryBuilder<DB, TB, O>,
  of?: Parameters<SelectQueryBuilder<DB, TB, O>['forUpdate']>[0],
): SelectQueryBuilder<DB, TB, O> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return candidates;
  return candidates.forUpdate(of).skipLocked();
}
