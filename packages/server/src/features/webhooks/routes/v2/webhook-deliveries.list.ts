import { paginate } from '../../../../domain/pagination.ts';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { baseUrlOf, pathOf, rawQueryPairs } from '../../../../http/base-url.ts';
import { errorResponses, PageEnvelope } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { DeliveryBody, DeliveryListQuery } from '../../schemas/webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG, WebhookParams } from './webhooks.params.ts';

export function registerV2WebhookDeliveriesList(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.get(
    '/api/v2/projects/:project_id/webhooks/:webhook_id/deliveries',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'listWebhookDeliveries',
        summary: "The log of a webhook endpoint's deliveries",
        description:
          'Newest first, each with every try (time, status code, duration, error, the first 1 KB of the answer) and its next try. `status=failed` lists the given-up ones. Kept as long as their events (`EVENT_RETENTION_DAYS`).',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: WebhookParams,
        querystring: DeliveryListQuery,
        response: { 200: PageEnvelope(DeliveryBody), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 25;
      const { deliveries, total } = await webhooks.deliveries.list({
        project: projectRef(request, request.params.project_id),
        publicId: request.params.webhook_id,
        ...(request.query.status ? { status: request.query.status } : {}),
        page,
        limit,
      });
      const { links, meta } = paginate({
        path: baseUrlOf(request) + pathOf(request),
        query: rawQueryPairs(request),
        page,
        perPage: limit,
        total,
        count: deliveries.length,
      });
      return { data: deliveries, links, meta };
    },
  );
}
