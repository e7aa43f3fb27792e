import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { WebhookCreateBody, WebhookWithSecretBody } from '../../schemas/webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG } from './webhooks.params.ts';

export function registerV2WebhooksPost(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.post(
    '/api/v2/projects/:project_id/webhooks',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'createWebhook',
        summary: 'Create a webhook endpoint',
        description: [
          'The endpoint receives the events of the types it names that are written from now on, each POSTed as `{"type", "timestamp", "data"}` and signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 with the secret).',
          'The answer carries the signing `secret` (`whsec_…`), shown only here. At most 20 endpoints per project.',
          'Delivery: at least once, in order per location, retried with growing waits for about a day (5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h); after that, or 50 failed tries in a row, the endpoint is disabled with the reason and its deliveries wait. A try waits at most 10 s for a 2xx, follows no redirect and keeps at most 1 KB of the answer.',
        ].join('\n\n'),
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        body: WebhookCreateBody,
        response: {
          201: DataEnvelope(WebhookWithSecretBody),
          ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { webhook, secret } = await webhooks.endpoints.create({
        project: projectRef(request, request.params.project_id),
        input: request.body,
      });
      return reply.code(201).send({ data: { ...webhook, secret } });
    },
  );
}
