import type { Executor } from '../db/executor.ts';
import type { EventRow, InsertableEventRow } from '../db/tables/events.table.ts';

/** An event to insert, but for the data version, which every event of one change shares. */
export type NewEvent = Omit<InsertableEventRow, 'data_version'>;

/** Rows per INSERT: ten parameters each stays far within SQLite's and PostgreSQL's limits. */
const ROWS_PER_INSERT = 500;

/**
 * Inserts events of one change, in the order given, with the project's data version of the change, and returns their
 * IDs in that order. A change's caller holds the project's change lock (`lockProjectForChange`, which gave it the
 * version) from before this insert until its commit: that is what makes IDs follow commit order within a project, which
 * the feed's cursor relies on.
 */
export async function insertEvents(
  db: Executor,
  dataVersion: number,
  events: readonly NewEvent[],
): Promise<{ id: number; public_id: string }[]> {
  const inserted: { id: number; public_id: string }[] = [];
  for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
    const chunk = events.slice(start, start + ROWS_PER_INSERT);
    const rows = await db
      .insertInto('events')
      .values(chunk.map((event) => ({ ...event, data_version: dataVersion })))
      .returning(['id', 'public_id'])
      .execute();
    // RETURNING's order is not promised: the rows are matched to the input by public ID.
    const idOf = new Map(rows.map((row) => [row.public_id, row.id]));
    for (const event of chunk) {
      const id = idOf.get(event.public_id);
      if (id === undefined) throw new Error(`The insert did not return event ${event.public_id}`);
      inserted.push({ id, public_id: event.public_id });
    }
  }
  return inserted;
}

/** Events of the project after the one with row ID `afterId` (0: from the oldest kept), in commit order, `ping`s left out. */
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
