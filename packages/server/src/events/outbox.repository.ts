import type { Executor } from '../db/executor.ts';
import type { InsertableEventRow } from '../db/tables/events.table.ts';
import type { InsertableWebhookDeliveryRow } from '../db/tables/webhook-deliveries.table.ts';
import type { WebhookEndpointRow } from '../db/tables/webhook-endpoints.table.ts';

import { type Actor, type EventType, type FieldChange, receives } from '../domain/events.ts';
import { newPublicId } from '../domain/ids.ts';
import { isoOf } from '../domain/time.ts';

// The outbox: a change's events and their webhook deliveries, written in the change's own transaction, so they commit
// with it or not at all. The webhooks feature delivers them; the change feed reads them.

/** What an event's `body` column holds (JSON), by kind of event. */
export interface StoredEventBody {
  /** The location's V2 body with every include: after the change, or the last state for a deletion. */
  location?: Record<string, unknown>;
  /** A configuration item's body: after the change, or the last state for a deletion. */
  setting?: Record<string, unknown>;
  /** Other payloads (an import's summary, a ping's endpoint). */
  [key: string]: unknown;
  /** Each changed key's old and new value; updates only. */
  changes?: Record<string, FieldChange>;
}

/** An event about to be written, before it has its IDs. */
export interface PendingEvent {
  type: EventType;
  location?: { id: number; publicId: string };
  body: StoredEventBody;
}

/**
 * A project whose change lock this transaction holds: its ID and the data version `lockProjectForChange` (or
 * `lockProjectOfLocationForChange`) answered. Recording events asks for it, so that no change records events without
 * having taken the lock that orders them.
 */
export interface LockedProject {
  id: number;
  dataVersion: number;
}

/** Deliveries of a location's events keep its order; the rest of a project's events keep theirs among themselves. */
const PROJECT_ORDERING_KEY = 'project';

/**
 * Writes events of one project and queues a delivery of each to every enabled endpoint subscribed to its type, in the
 * caller's transaction: the change, its events and their deliveries commit together or not at all. The caller holds
 * the project's change lock (`project` is what taking it answered), which orders the events of a project by commit.
 * Returns the events' public IDs, in the order given.
 * @example await recordEvents(trx, { id: project.id, dataVersion }, { actor, now }, [{ type: 'import.completed', body: { import: summary } }])
 */
export async function recordEvents(
  trx: Executor,
  project: LockedProject,
  { actor, now }: { actor: Actor; now: number },
  events: readonly PendingEvent[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const at = isoOf(now);
  const rows: NewEvent[] = events.map((event) => ({
    public_id: newPublicId('event'),
    project_id: project.id,
    type: event.type,
    location_id: event.location?.id ?? null,
    location_public_id: event.location?.publicId ?? null,
    actor_type: actor.type,
    actor_id: actor.id,
    body: JSON.stringify(event.body),
    occurred_at: at,
  }));
  const inserted = await insertEvents(trx, project.dataVersion, rows);
  const endpoints = await receivingEndpoints(trx, project.id);
  if (endpoints.length > 0) {
    const subscriptions = endpoints.map((endpoint) => ({
      id: endpoint.id,
      events: JSON.parse(endpoint.events) as string[],
    }));
    await insertDeliveries(
      trx,
      inserted.flatMap((event, index) => {
        const pending = events[index];
        if (!pending) return [];
        return subscriptions
          .filter((endpoint) => receives(endpoint.events, pending.type))
          .map((endpoint) => ({
            public_id: newPublicId('delivery'),
            endpoint_id: endpoint.id,
            event_id: event.id,
            ordering_key: pending.location?.publicId ?? PROJECT_ORDERING_KEY,
            status: 'pending' as const,
            tries: 0,
            next_attempt_at: at,
            delivered_at: null,
            created_at: at,
            updated_at: at,
          }));
      }),
    );
  }
  return inserted.map((event) => event.public_id);
}

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
async function receivingEndpoints(
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
