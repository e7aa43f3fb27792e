import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { WebhookWithSecretBody } from '../../schemas/webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG, WebhookParams } from './webhooks.params.ts';

export function registerV2WebhooksRotateSecret(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.post(
    '/api/v2/projects/:project_id/webhooks/:webhook_id/rotate-secret',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'rotateWebhookSecret',
        summary: 'Make a new signing secret for a webhook endpoint',
        description:
          'Answers the new `secret`, shown only here. For 24 hours deliveries carry two signatures in `webhook-signature` (the new secret’s and the old one’s, space-separated), so a receiver still on the old secret accepts them while you switch it over.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: WebhookParams,
        response: { 200: DataEnvelope(WebhookWithSecretBody), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { webhook, secret } = await webhooks.endpoints.rotateSecret({
        project: projectRef(request, request.params.project_id),
        publicId: request.params.webhook_id,
      });
      return { data: { ...webhook, secret } };
    },
  );
}
