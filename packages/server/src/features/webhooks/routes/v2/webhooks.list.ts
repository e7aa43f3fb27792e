import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Webhooks } from '../../create-webhooks.ts';
import { WebhookBody } from '../../schemas/webhooks.ts';
import { WEBHOOKS_AUTH, WEBHOOKS_TAG } from './webhooks.params.ts';

export function registerV2WebhooksList(app: App, { webhooks }: { webhooks: Webhooks }): void {
  app.get(
    '/api/v2/projects/:project_id/webhooks',
    {
      config: { auth: WEBHOOKS_AUTH },
      schema: {
        tags: [WEBHOOKS_TAG],
        operationId: 'listWebhooks',
        summary: "List the project's webhook endpoints",
        description:
          'Every endpoint of the project, oldest first, without secrets (a secret is shown only when it is made).',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        response: { 200: Type.Object({ data: Type.Array(WebhookBody) }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: await webhooks.endpoints.list(projectRef(request, request.params.project_id)),
    }),
  );
}
