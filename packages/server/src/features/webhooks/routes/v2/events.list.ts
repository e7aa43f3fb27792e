import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { baseUrlOf, pathOf, rawQueryPairs } from '../../../../http/base-url.ts';
import { errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { EventListQuery, EventPage } from '../../schemas/events.ts';

export const EVENTS_TAG = 'V2 change feed';

/** The URL of the same request with `after` set to `cursor` (or left out), every other parameter kept. */
function withAfter(base: string, pairs: readonly [string, string][], cursor: string | null): string {
  const params = new URLSearchParams(pairs.filter(([key]) => key !== 'after'));
  if (cursor !== null) params.set('after', cursor);
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
        ].join('\n\n'),
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        querystring: EventListQuery,
        response: { 200: EventPage, ...errorResponses(401, 403, 404, 410, 422, 429) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 100;
      const { events, nextAfter, hasMore } = await webhooks.feed({
        project: projectRef(request, request.params.project_id),
        after: request.query.after,
        limit,
      });
      const base = baseUrlOf(request) + pathOf(request);
      const pairs = rawQueryPairs(request);
      return {
        data: events,
        links: { self: withAfter(base, pairs, request.query.after ?? null), next: withAfter(base, pairs, nextAfter) },
        meta: { after: request.query.after ?? null, next_after: nextAfter, limit, has_more: hasMore },
      };
    },
  );
}
