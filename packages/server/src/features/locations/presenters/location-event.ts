import { changesBetween, type LocationEventType } from '../../../domain/events.ts';
import type { PendingEvent } from '../../../events/outbox.repository.ts';
import type { LocationView } from '../location-reads.repository.ts';
import type { LocationV2 } from '../schemas/location.v2.ts';
import { presentLocationV2, WRITE_ANSWER_INCLUDES } from './location-v2.ts';

/** The body a location's events carry, and a write answers with: its V2 body with every include. */
export function eventBodyOf(view: LocationView): LocationV2 {
  return presentLocationV2(view, WRITE_ANSWER_INCLUDES);
}

/**
 * A change of one location, each side presented once (`eventBodyOf`): as it was (updates, deletions) and as it is
 * (creations, updates).
 */
export interface PresentedChange {
  type: LocationEventType;
  location: { id: number; publicId: string };
  before?: LocationV2;
  after?: LocationV2;
}

const asRecord = (body: LocationV2) => body as unknown as Record<string, unknown>;

/**
 * The event of a location's change, or undefined for an update that changed nothing a V2 body shows (only
 * `updated_at` moved): such a write tells no one anything.
 */
export function locationEventOf({ type, location, before, after }: PresentedChange): PendingEvent | undefined {
  const current = after ?? before;
  if (!current) return undefined;
  if (type === 'location.created' || type === 'location.deleted' || !before || !after) {
    return { type, location, body: { location: asRecord(current) } };
  }
  const changes = changesBetween(asRecord(before), asRecord(after));
  if (Object.keys(changes).length === 0) return undefined;
  return { type, location, body: { location: asRecord(after), changes } };
}
