import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { WebhookBody, WebhookPatchBody } from '../../schemas/webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG, WebhookParams } from './webhooks.params.ts';

export function registerV2WebhooksPatch(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.patch(
    '/api/v2/projects/:project_id/webhooks/:webhook_id',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'updateWebhook',
        summary: 'Change a webhook endpoint',
        description:
          'Omitted keys keep their values. `enabled: false` holds its deliveries; `enabled: true` sends the held ones (each with a fresh day of retries), clears `disabled_reason` and starts the count of failures in a row again. A new `url` is checked as on creation.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: WebhookParams,
        body: WebhookPatchBody,
        response: { 200: DataEnvelope(WebhookBody), ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (request) => ({
      data: await webhooks.endpoints.update({
        project: projectRef(request, request.params.project_id),
        publicId: request.params.webhook_id,
        input: request.body,
      }),
    }),
  );
}
