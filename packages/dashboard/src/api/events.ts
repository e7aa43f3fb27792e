import type { ChangeEvent, EventPage } from '@locator/client';
import { api } from './client.ts';

export type { ChangeEvent, EventPage };

/** What a history shows: one store's changes, one person's, or all. */
export interface HistoryFilter {
  location?: string | undefined;
  actor?: string | undefined;
}

/**
 * A page of the project's change feed read backwards, newest first: from the newest (`before` omitted) or before the
 * event `before`; `meta.next_before` and `meta.has_more` page on.
 */
export function readHistory(
  projectId: string,
  filter: HistoryFilter,
  before = 'latest',
  limit = 20,
): Promise<EventPage> {
  return api.listEvents(projectId, {
    before,
    limit,
    ...(filter.location ? { location: filter.location } : {}),
    ...(filter.actor ? { actor: filter.actor } : {}),
  });
}

/** The name of a store, to say whose history is shown; undefined once it is deleted (its history stays). */
export async function storeNameOf(projectId: string, locationId: string): Promise<string | undefined> {
  try {
    return (await api.getLocation(projectId, locationId)).name;
  } catch {
    return undefined;
  }
}
