import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses, ProjectParams, V2_SECURITY } from '../../../../schemas/common.ts';
import type { Analytics } from '../../analytics.service.ts';
import { ANALYTICS_TAG, AnalyticsQuery, UnservedAnswer } from '../../schemas/analytics.ts';

export function registerV2AnalyticsUnservedGet(app: App, { analytics }: { analytics: Analytics }): void {
  app.get(
    '/api/v2/projects/:project_id/analytics/unserved',
    {
      config: { auth: { api: 'v2', scope: 'project:read' } },
      schema: {
        tags: [ANALYTICS_TAG],
        operationId: 'getUnservedDemand',
        summary: 'Where visitors searched and found nothing near',
        description:
          'The places (seen at least 5 times in the period) with the most searches that found nothing within range, answered by the fallback or not, each with the distance in kilometres from the place’s point to the nearest visible location of the project: where to open next, or recruit a dealer. Period as for `…/analytics` (default the last 30 days, at most 400).',
        security: V2_SECURITY,
        params: ProjectParams,
        querystring: AnalyticsQuery,
        response: { 200: UnservedAnswer, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => ({
      data: await analytics.unserved(projectRef(request, request.params.project_id), request.query),
    }),
  );
}
