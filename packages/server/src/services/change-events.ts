import type { Executor } from '../db/executor.ts';
import {
  type Actor,
  type ChangeEventType,
  changesBetween,
  type EventType,
  type FieldChange,
  type LocationEventType,
  receives,
  type SettingEventKind,
} from '../domain/events.ts';
import { newPublicId } from '../domain/ids.ts';
import { insertEvents, type NewEvent } from '../repositories/events.repository.ts';
import { insertDeliveries, receivingEndpoints } from '../repositories/webhooks.repository.ts';
import { presentLocationV2, WRITE_ANSWER_INCLUDES } from './location-body.v2.ts';
import type { LocationView } from './locations.service.ts';

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
  { actor, now }: { actor: Actor; now: string },
  events: readonly PendingEvent[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows: NewEvent[] = events.map((event) => ({
    public_id: newPublicId('event'),
    project_id: project.id,
    type: event.type,
    location_id: event.location?.id ?? null,
    location_public_id: event.location?.publicId ?? null,
    actor_type: actor.type,
    actor_id: actor.id,
    body: JSON.stringify(event.body),
    occurred_at: now,
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
            next_attempt_at: now,
            delivered_at: null,
            created_at: now,
            updated_at: now,
          }));
      }),
    );
  }
  return inserted.map((event) => event.public_id);
}

/** A change of one location: the location as it was (updates, deletions) and as it is (creations, updates). */
export interface LocationChange {
  type: LocationEventType;
  before?: LocationView;
  after?: LocationView;
}

const bodyOf = (view: LocationView) =>
  presentLocationV2(view, WRITE_ANSWER_INCLUDES) as unknown as Record<string, unknown>;

/**
 * The event of a location's change, or undefined for an update that changed nothing a V2 body shows (only
 * `updated_at` moved): such a write tells no one anything.
 */
export function locationEventOf(change: LocationChange): PendingEvent | undefined {
  const view = change.after ?? change.before;
  if (!view) return undefined;
  const location = { id: view.record.id, publicId: view.record.public_id };
  const current = bodyOf(view);
  if (change.type === 'location.created' || change.type === 'location.deleted' || !change.before || !change.after) {
    return { type: change.type, location, body: { location: current } };
  }
  const changes = changesBetween(bodyOf(change.before), current);
  if (Object.keys(changes).length === 0) return undefined;
  return { type: change.type, location, body: { location: current, changes } };
}

/** Records the events of location changes made in the caller's transaction (see `recordEvents`). */
export async function recordLocationChanges(
  trx: Executor,
  project: LockedProject,
  context: { actor: Actor; now: string },
  changes: readonly LocationChange[],
): Promise<string[]> {
  const events = changes.map(locationEventOf).filter((event): event is PendingEvent => event !== undefined);
  return recordEvents(trx, project, context, events);
}

/** A change of one configuration item (a filter, a marker, ...), with its body as the API shows it. */
export interface SettingChange {
  kind: SettingEventKind;
  action: 'created' | 'updated' | 'deleted';
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The event of a configuration change, or undefined for an update that changed nothing. */
export function settingEventOf(change: SettingChange): PendingEvent | undefined {
  const type = `${change.kind}.${change.action}` as ChangeEventType;
  const current = change.after ?? change.before;
  if (!current) return undefined;
  if (change.action !== 'updated' || !change.before || !change.after) return { type, body: { setting: current } };
  const changes = changesBetween(change.before, change.after);
  if (Object.keys(changes).length === 0) return undefined;
  return { type, body: { setting: current, changes } };
}
