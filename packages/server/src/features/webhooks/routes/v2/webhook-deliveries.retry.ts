import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { DeliveryBody } from '../../schemas/webhooks.ts';
import { DeliveryParams, WEBHOOKS_AUTH, WEBHOOKS_TAG } from './webhooks.params.ts';

export function registerV2WebhookDeliveriesRetry(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.post(
    '/api/v2/projects/:project_id/webhooks/:webhook_id/deliveries/:delivery_id/retry',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'retryWebhookDelivery',
        summary: 'Send a delivery again',
        description:
          'Queues the delivery again from now, whatever became of it (a failed one, or a delivered one your receiver lost), with a fresh day of retries; later deliveries of the same location wait for it, so they still arrive after it. Answers 202 with the delivery, `pending`. 409 while the endpoint is disabled (enable it first) and for a test ping.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: DeliveryParams,
        response: { 202: DataEnvelope(DeliveryBody), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.deliveries.retry({
        project: projectRef(request, request.params.project_id),
        webhookId: request.params.webhook_id,
        deliveryId: request.params.delivery_id,
      });
      return reply.code(202).send({ data: delivery });
    },
  );
}
