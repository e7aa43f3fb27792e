import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { clearSessionCookie } from '../../../../http/session-cookie.ts';
import { errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';

const signedOut = {
  200: SuccessBody,
  ...errorResponses(401, 403, 429),
};

/** `DELETE /api/v2/session` signs this browser out; `DELETE /api/v2/sessions` every browser of the user. */
export function registerV2SessionDelete(app: App, { people }: { people: People }): void {
  app.delete(
    '/api/v2/session',
    {
      config: { auth: { api: 'v2', session: 'only' } },
      schema: {
        tags: ['V2 people'],
        operationId: 'signOut',
        summary: 'Sign out',
        description: 'Ends this session. With the session cookie and `X-CSRF-Token`.',
        security: [{ sessionCookie: [] }],
        response: signedOut,
      },
    },
    async (request, reply) => {
      const { credential } = principalOf(request);
      if (credential.type === 'session') await people.endSession(credential.id);
      clearSessionCookie(request, reply);
      return { success: true as const };
    },
  );
  app.delete(
    '/api/v2/sessions',
    {
      config: { auth: { api: 'v2', session: 'only' } },
      schema: {
        tags: ['V2 people'],
        operationId: 'signOutEverywhere',
        summary: 'Sign out everywhere',
        description:
          "Ends every session of the signed-in user, this one included, on every instance at once. The user's API tokens keep working: revoke them with `DELETE /api/v2/tokens/{token_id}`.",
        security: [{ sessionCookie: [] }],
        response: signedOut,
      },
    },
    async (request, reply) => {
      await people.endAllSessions(principalOf(request).userId);
      clearSessionCookie(request, reply);
      return { success: true as const };
    },
  );
}
