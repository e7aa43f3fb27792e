import type { App } from '../../../../http/app-type.ts';
import { actorOf, projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { DeliveryBody } from '../../schemas/webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG, WebhookParams } from './webhooks.params.ts';

export function registerV2WebhooksPing(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.post(
    '/api/v2/projects/:project_id/webhooks/:webhook_id/test',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'testWebhook',
        summary: 'Send a test ping to a webhook endpoint',
        description:
          'Sends a signed `ping` event now (`{"type": "ping", "timestamp", "data": {"webhook_id", "message", "actor"}}`), enabled or not, and answers the delivery with its one try: status code, duration and the start of the answer. A ping is not retried, does not count towards disabling, and is not in the change feed.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: WebhookParams,
        response: { 200: DataEnvelope(DeliveryBody), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const delivery = await webhooks.deliveries.ping({
        project: projectRef(request, request.params.project_id),
        publicId: request.params.webhook_id,
        actor: actorOf(request),
      });
      return { data: delivery };
    },
  );
}
