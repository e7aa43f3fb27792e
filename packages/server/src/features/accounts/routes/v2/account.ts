import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { ApiError } from '../../../../http/errors.ts';
import { DataEnvelope, errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { PasswordChange, presentSession, SignedInSessionBody, UserUpdate } from '../../schemas/account.ts';
import { presentUser, UserBody } from '../../schemas/people.ts';

const tags = ['V2 account'];
// A person's own account is changed by the person signed in, never by a token.
const config = { auth: { api: 'v2', session: 'only' } } as const;
const security = [{ sessionCookie: [] }];

/** The signed-in person's account: their name, their password, the browsers signed in as them. */
export function registerV2Account(app: App, { people }: { people: People }): void {
  app.patch(
    '/api/v2/user',
    {
      config,
      schema: {
        tags,
        operationId: 'updateUser',
        summary: "Change the signed-in person's name",
        security,
        body: UserUpdate,
        response: { 200: DataEnvelope(UserBody), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => ({ data: presentUser(await people.rename(principalOf(request).userId, request.body.name)) }),
  );
  app.put(
    '/api/v2/user/password',
    {
      config,
      schema: {
        tags,
        operationId: 'changePassword',
        summary: "Change the signed-in person's password",
        description:
          'Needs the current password (a wrong one is `422` with a `current_password` field error, and changes nothing). Ends every other session of the person, on every instance; this one stays signed in. API tokens keep working.',
        security,
        body: PasswordChange,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const { userId, credential } = principalOf(request);
      if (credential.type !== 'session')
        throw new ApiError(401, 'Not signed in: this takes the session of a signed-in browser.');
      await people.changePassword(userId, credential.id, {
        current: request.body.current_password,
        next: request.body.new_password,
      });
      return { success: true as const };
    },
  );
  app.get(
    '/api/v2/sessions',
    {
      config,
      schema: {
        tags,
        operationId: 'listSessions',
        summary: 'List the browsers signed in as this person',
        description:
          'Newest first; `current` marks the session of the request. `DELETE /api/v2/sessions` ends them all.',
        security,
        response: { 200: Type.Object({ data: Type.Array(SignedInSessionBody) }), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { userId, credential } = principalOf(request);
      const current = credential.type === 'session' ? credential.id : undefined;
      void reply.header('cache-control', 'no-store');
      return { data: (await people.listSessions(userId, current)).map(presentSession) };
    },
  );
}
