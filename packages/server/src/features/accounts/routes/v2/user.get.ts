import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Accounts } from '../../accounts.service.ts';
import { presentUser, UserBody } from '../../schemas/people.ts';

export function registerV2UserGet(app: App, { accounts }: { accounts: Accounts }): void {
  app.get(
    '/api/v2/user',
    {
      config: { auth: { api: 'v2', scope: 'user:read' } },
      schema: {
        tags: ['V2 account'],
        operationId: 'getUser',
        summary: 'Read the profile of the token owner',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        response: { 200: DataEnvelope(UserBody), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ data: presentUser(await accounts.getUser(principalOf(request).userId)) }),
  );
}
