import type { App } from '../../../../http/app-type.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { NewPersonBody, SessionBody } from '../../schemas/people.ts';
import { clientOf, replyWithSession } from './session-reply.ts';

export function registerV2UsersPost(app: App, { people }: { people: People }): void {
  app.post(
    '/api/v2/users',
    {
      schema: {
        tags: ['V2 people'],
        operationId: 'signUp',
        security: [],
        summary: 'Sign up (only when the server allows it)',
        description:
          'Creates a user with a personal project on the `free` plan and signs them in, when the server runs with `SIGNUP=open`; otherwise `403`. An e-mail already taken: `409`.',
        body: NewPersonBody,
        response: { 201: DataEnvelope(SessionBody), ...errorResponses(403, 409, 422) },
      },
    },
    async (request, reply) => {
      const started = await people.signUp(request.body, clientOf(request));
      return reply.code(201).send(replyWithSession(request, reply, started));
    },
  );
}
