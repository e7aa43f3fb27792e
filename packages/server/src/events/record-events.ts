import type { Executor } from '../db/executor.ts';
import { type Actor, type EventType, type FieldChange, receives } from '../domain/events.ts';
import { newPublicId } from '../domain/ids.ts';
import { isoOf } from '../domain/time.ts';
import { insertDeliveries, insertEvents, type NewEvent, receivingEndpoints } from './outbox.repository.ts';

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
