import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { baseUrlOf, pathOf, rawQueryPairs } from '../../../../http/base-url.ts';
import { errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { EventListQuery, EventPage } from '../../schemas/events.ts';

export const EVENTS_TAG = 'V2 change feed';

/** The URL of the same request with `key` set to `cursor` (or left out), every other parameter kept. */
function withCursor(
  base: string,
  pairs: readonly [string, string][],
  key: 'after' | 'before',
  cursor: string | null,
): string {
  const params = new URLSearchParams(pairs.filter(([name]) => name !== key));
  if (cursor !== null) params.set(key, cursor);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

export function registerV2EventsList(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.get(
    '/api/v2/projects/:project_id/events',
    {
      config: { auth: { api: 'v2', scope: 'project:read' } },
      schema: {
        tags: [EVENTS_TAG],
        operationId: 'listEvents',
        summary: 'Read the change feed',
        description: [
          'Every change of the project’s locations and configuration, in the order the changes committed, with who made it (a V2 token, the V1 token, a `locator` command, an import, or the geocoding queue).',
          'Location events carry the location’s V2 body with every include (`data.location`; the last state for a deletion); updates list each changed key’s `old` and `new` value in `changes`.',
          'Page with `after`: the `id` of the last event you processed (`links.next` does it for you). Without `after` the feed starts at the oldest event kept (`EVENT_RETENTION_DAYS`, 90 by default); `after=latest` answers no events and the newest event’s ID as `meta.next_after`, to start following from now.',
          'An `after` the project no longer has (older than the retention) is 410: copy the locations again and follow from `after=latest`.',
          '`location` lists one location’s events only (its history, also once deleted), `actor` one actor’s (a person’s `usr_…`, a token’s `tok_…`). `before=latest` reads the feed backwards, newest first (a history page); `links.next` (`before` the oldest event listed) continues to older ones.',
        ].join('\n\n'),
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        querystring: EventListQuery,
        response: { 200: EventPage, ...errorResponses(401, 403, 404, 410, 422, 429) },
      },
    },
    async (request) => {
      const { after, before, location, actor } = request.query;
      const limit = request.query.limit ?? 100;
      const { events, nextAfter, nextBefore, hasMore } = await webhooks.feed({
        project: projectRef(request, request.params.project_id),
        after,
        before,
        filter: { location, actor },
        limit,
      });
      const base = baseUrlOf(request) + pathOf(request);
      const pairs = rawQueryPairs(request);
      const backwards = before !== undefined;
      return {
        data: events,
        links: {
          self: backwards ? withCursor(base, pairs, 'before', before) : withCursor(base, pairs, 'after', after ?? null),
          next: backwards ? withCursor(base, pairs, 'before', nextBefore) : withCursor(base, pairs, 'after', nextAfter),
        },
        meta: {
          after: after ?? null,
          next_after: nextAfter,
          before: before ?? null,
          next_before: nextBefore,
          limit,
          has_more: hasMore,
        },
      };
    },
  );
}
