import type { App } from '../../../../http/app-type.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { NewPersonBody, SessionBody } from '../../schemas/people.ts';
import { clientOf, replyWithSession } from './session-reply.ts';

export function registerV2SetupPost(app: App, { people }: { people: People }): void {
  app.post(
    '/api/v2/setup',
    {
      schema: {
        tags: ['V2 people'],
        operationId: 'setUp',
        security: [],
        summary: 'Create the first user (the owner) on a new server',
        description:
          'Works only while the server has no user: creates the owner with their personal project on the Business plan, and signs them in (the `locator_session` cookie). Once any user exists: `409`.',
        body: NewPersonBody,
        response: { 201: DataEnvelope(SessionBody), ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const started = await people.setUp(request.body, clientOf(request));
      return reply.code(201).send(replyWithSession(request, reply, started));
    },
  );
}
