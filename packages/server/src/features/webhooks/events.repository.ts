import type { Executor } from '../../db/executor.ts';
import type { EventRow } from '../../db/tables/events.table.ts';

/**
 * Events of the project after the one with row ID `afterId` (0: from the oldest kept), in commit order, `ping`s left
 * out.
 */
export async function listEventsAfter(
  db: Executor,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '>', afterId)
    .where('type', '<>', 'ping')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** An event of the project by its public ID. */
export async function findEventOfProject(
  db: Executor,
  projectId: number,
  publicId: string,
): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findEventById(db: Executor, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Deletes up to `batch` events that occurred before `cutoff` (their deliveries and tries go with them); returns how
 * many. Small batches keep each transaction short, so writes never wait long behind the pruning.
 */
export async function deleteEventsBefore(db: Executor, cutoff: string, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('id', 'in', (eb) =>
      eb.selectFrom('events').select('id').where('occurred_at', '<', cutoff).orderBy('id').limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The project's newest event that the feed lists, if any. */
export async function latestEventId(
  db: Executor,
  projectId: number,
): Promise<{ id: number; public_id: string } | undefined> {
  return db
    .selectFrom('events')
    .select(['id', 'public_id'])
    .where('project_id', '=', projectId)
    .where('type', '<>', 'ping')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
