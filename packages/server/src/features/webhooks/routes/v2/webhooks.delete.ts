import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG, WebhookParams } from './webhooks.params.ts';

export function registerV2WebhooksDelete(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.delete(
    '/api/v2/projects/:project_id/webhooks/:webhook_id',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint',
        description:
          'Nothing more is sent to it; its pending deliveries and its log go with it. The change feed keeps every event.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: WebhookParams,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      await webhooks.endpoints.delete({
        project: projectRef(request, request.params.project_id),
        publicId: request.params.webhook_id,
      });
      return { success: true as const };
    },
  );
}
