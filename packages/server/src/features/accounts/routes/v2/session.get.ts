import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { presentUser, SessionBody } from '../../schemas/people.ts';

export function registerV2SessionGet(app: App, { people }: { people: People }): void {
  app.get(
    '/api/v2/session',
    {
      config: { auth: { api: 'v2', session: 'only' } },
      schema: {
        tags: ['V2 people'],
        operationId: 'getSession',
        summary: 'Read the signed-in user and the CSRF token of this session',
        description: 'With the session cookie only; `401` without a live session (or with a bearer token).',
        security: [{ sessionCookie: [] }],
        response: { 200: DataEnvelope(SessionBody), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { userId, credential } = principalOf(request);
      const csrfToken = credential.type === 'session' ? credential.csrfToken : '';
      void reply.header('cache-control', 'no-store');
      return { data: { user: presentUser(await people.userOf(userId)), csrf_token: csrfToken } };
    },
  );
}
