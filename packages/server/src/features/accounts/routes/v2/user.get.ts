import { type Static, Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, Timestamp } from '../../../../schemas/common.ts';
import type { Accounts } from '../../accounts.service.ts';

export const UserBody = Type.Object({
  id: Type.String({ description: 'Public user ID', examples: ['usr_4f9XkQ2mZr8TbW1c'] }),
  name: Type.String({ examples: ['Ada Lovelace'] }),
  email: Type.String({ format: 'email', examples: ['ada@example.com'] }),
  created_at: Timestamp,
});
export type UserBody = Static<typeof UserBody>;

export function registerV2UserGet(app: App, { accounts }: { accounts: Accounts }): void {
  app.get(
    '/api/v2/user',
    {
      config: { auth: { api: 'v2', scope: 'user:read' } },
      schema: {
        tags: ['V2 account'],
        operationId: 'getUser',
        summary: 'Read the profile of the token owner',
        security: [{ apiToken: [] }],
        response: { 200: DataEnvelope(UserBody), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const user = await accounts.getUser(principalOf(request).userId);
      return { data: { id: user.public_id, name: user.name, email: user.email, created_at: user.created_at } };
    },
  );
}
