import type { Executor } from '../db/executor.ts';
import type { InsertableEventRow } from '../db/tables/events.table.ts';
import type { InsertableWebhookDeliveryRow } from '../db/tables/webhook-deliveries.table.ts';
import type { WebhookEndpointRow } from '../db/tables/webhook-endpoints.table.ts';

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

/** The project's enabled endpoints with what they subscribed to: who gets a delivery of a new event. */
export async function receivingEndpoints(
  db: Executor,
  projectId: number,
): Promise<Pick<WebhookEndpointRow, 'id' | 'events'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('project_id', '=', projectId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
}

export async function insertDeliveries(db: Executor, rows: readonly InsertableWebhookDeliveryRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}
