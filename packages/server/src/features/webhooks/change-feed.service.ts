import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EventRow } from '../../db/tables/events.table.ts';
import { GoneError, InvalidInputError } from '../../domain/errors.ts';
import type { ActorType } from '../../domain/events.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import type { StoredEventBody } from '../../events/outbox.repository.ts';
import { accessibleProject } from '../accounts/index.ts';
import { type EventFilter, findEventOfProject, latestEventId, listEvents } from './events.repository.ts';
import type { EventBody } from './schemas/events.ts';

/**
 * One event as the feed lists it; `data` is what it carries (`location`, `setting`, ...), as its deliveries carry it.
 */
export type FeedEvent = EventBody;

/** `after=latest`: start from the newest event now, listing nothing older; `before=latest`: from the newest, backwards. */
export const LATEST = 'latest';

function feedEventOf(row: EventRow): FeedEvent {
  const { changes, ...data } = JSON.parse(row.body) as StoredEventBody;
  return {
    id: row.public_id,
    type: row.type,
    occurred_at: row.occurred_at,
    actor: { type: row.actor_type as ActorType, id: row.actor_id },
    location_id: row.location_public_id,
    changes: changes ?? null,
    // The body as this service stored it: a location's V2 body, a setting's, or another event's payload.
    data: data as EventBody['data'],
  };
}

/** The row ID of the project's event `publicId`; one it does not have (any more) is 410. */
async function cursorOf(db: Kysely<Database>, projectId: number, publicId: string, retentionDays: number) {
  const cursor = await findEventOfProject(db, projectId, publicId);
  if (!cursor) {
    throw new GoneError(
      `The project has no event ${publicId}: it is not one of its event IDs, or it is older than the ${retentionDays} days events are kept. ` +
        'Copy the locations again (GET .../locations), then follow the feed from after=latest.',
    );
  }
  return cursor.id;
}

export interface FeedPage {
  events: FeedEvent[];
  /** Forward: where the next page starts (`after`); null when reading backwards. */
  nextAfter: string | null;
  /** Backward: where the next (older) page starts (`before`); null when reading forwards. */
  nextBefore: string | null;
  hasMore: boolean;
}

/**
 * A page of the project's change feed, optionally only one location's or one actor's events. Forwards (the default):
 * the events after the cursor `after` (an event ID; none: from the oldest kept; `latest`: from the newest now), in
 * commit order, at most `limit`; `nextAfter` is where the next page starts. Backwards (`before`, an event ID or
 * `latest` for the newest): the events before it, newest first, for a history; `nextBefore` continues it.
 * A cursor the project does not have (never had, or older than the retention) is 410: the mirror must be built again.
 */
export async function readChangeFeed(
  db: Kysely<Database>,
  {
    project: ref,
    after,
    before,
    filter = {},
    limit,
    retentionDays,
  }: {
    project: ProjectRef;
    after: string | undefined;
    before?: string | undefined;
    filter?: EventFilter;
    limit: number;
    retentionDays: number;
  },
): Promise<FeedPage> {
  if (after !== undefined && before !== undefined) {
    throw InvalidInputError.fields({ before: ['cannot be given with after: read forwards or backwards'] });
  }
  const project = await accessibleProject(db, ref);
  if (before !== undefined) {
    const fromId = before === LATEST ? undefined : await cursorOf(db, project.id, before, retentionDays);
    const rows = await listEvents(db, { projectId: project.id, fromId, forward: false, filter, limit: limit + 1 });
    const events = rows.slice(0, limit).map(feedEventOf);
    const nextBefore = events.at(-1)?.id ?? before;
    return { events, nextAfter: null, nextBefore, hasMore: rows.length > limit };
  }
  if (after === LATEST) {
    const latest = await latestEventId(db, project.id);
    return { events: [], nextAfter: latest?.public_id ?? null, nextBefore: null, hasMore: false };
  }
  const fromId = after === undefined ? 0 : await cursorOf(db, project.id, after, retentionDays);
  const rows = await listEvents(db, { projectId: project.id, fromId, forward: true, filter, limit: limit + 1 });
  const events = rows.slice(0, limit).map(feedEventOf);
  return { events, nextAfter: events.at(-1)?.id ?? after ?? null, nextBefore: null, hasMore: rows.length > limit };
}
