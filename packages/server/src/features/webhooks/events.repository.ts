import type { Executor } from '../../db/executor.ts';
import type { EventRow } from '../../db/tables/events.table.ts';

/** Which of a project's events a page of the feed lists: one location's, one actor's, or all. */
export interface EventFilter {
  /** A location's public ID (`loc_…`). */
  location?: string | undefined;
  /** An actor's ID (`usr_…`, `tok_…`, `geocoding`, …). */
  actor?: string | undefined;
}

/**
 * Events of the project (`ping`s left out) past a row ID, filtered: `forward`, those after `fromId` (0: from the
 * oldest kept) in commit order; backward, those before `fromId` (none: from the newest) newest first.
 */
export async function listEvents(
  db: Executor,
  {
    projectId,
    fromId,
    forward,
    filter,
    limit,
  }: { projectId: number; fromId: number | undefined; forward: boolean; filter: EventFilter; limit: number },
): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll().where('project_id', '=', projectId).where('type', '<>', 'ping');
  if (fromId !== undefined) query = query.where('id', forward ? '>' : '<', fromId);
  if (filter.location !== undefined) query = query.where('location_public_id', '=', filter.location);
  if (filter.actor !== undefined) query = query.where('actor_id', '=', filter.actor);
  return query
    .orderBy('id', forward ? 'asc' : 'desc')
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
