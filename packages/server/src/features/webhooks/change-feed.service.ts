import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EventRow } from '../../db/tables/events.table.ts';
import { GoneError } from '../../domain/errors.ts';
import type { ActorType } from '../../domain/events.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import type { StoredEventBody } from '../../events/outbox.repository.ts';
import { accessibleProject } from '../accounts/index.ts';
import { findEventOfProject, latestEventId, listEventsAfter } from './events.repository.ts';
import type { EventBody } from './schemas/events.ts';

/**
 * One event as the feed lists it; `data` is what it carries (`location`, `setting`, ...), as its deliveries carry it.
 */
export type FeedEvent = EventBody;

/** `after=latest`: start from the newest event now, listing nothing older. */
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

/**
 * A page of the project's change feed: its events after the cursor `after` (an event ID; none: from the oldest kept;
 * `latest`: from the newest now), in commit order, at most `limit`. `nextAfter` is where the next page starts.
 * A cursor the project does not have (never had, or older than the retention) is 410: the mirror must be built again.
 */
export async function readChangeFeed(
  db: Kysely<Database>,
  {
    project: ref,
    after,
    limit,
    retentionDays,
  }: { project: ProjectRef; after: string | undefined; limit: number; retentionDays: number },
): Promise<{ events: FeedEvent[]; nextAfter: string | null; hasMore: boolean }> {
  const project = await accessibleProject(db, ref);
  if (after === LATEST) {
    const latest = await latestEventId(db, project.id);
    return { events: [], nextAfter: latest?.public_id ?? null, hasMore: false };
  }
  let afterId = 0;
  if (after !== undefined) {
    const cursor = await findEventOfProject(db, project.id, after);
    if (!cursor) {
      throw new GoneError(
        `The project has no event ${after}: it is not one of its event IDs, or it is older than the ${retentionDays} days events are kept. ` +
          'Copy the locations again (GET .../locations), then follow the feed from after=latest.',
      );
    }
    afterId = cursor.id;
  }
  const rows = await listEventsAfter(db, project.id, afterId, limit + 1);
  const events = rows.slice(0, limit).map(feedEventOf);
  return { events, nextAfter: events.at(-1)?.id ?? after ?? null, hasMore: rows.length > limit };
}
