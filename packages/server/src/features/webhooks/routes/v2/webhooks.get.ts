import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { WebhookBody } from '../../schemas/webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG, WebhookParams } from './webhooks.params.ts';

export function registerV2WebhooksGet(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.get(
    '/api/v2/projects/:project_id/webhooks/:webhook_id',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'getWebhook',
        summary: 'Read a webhook endpoint',
        description: 'Whether it is enabled, and if not, why (`disabled_reason`). The secret is not shown again.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: WebhookParams,
        response: { 200: DataEnvelope(WebhookBody), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: await webhooks.endpoints.get(projectRef(request, request.params.project_id), request.params.webhook_id),
    }),
  );
}
