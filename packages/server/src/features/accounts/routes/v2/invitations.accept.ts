import { InvalidInputError } from '../../../../domain/errors.ts';
import type { App } from '../../../../http/app-type.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { AcceptedInvitationBody, AcceptInvitationInput } from '../../schemas/team.ts';
import type { Team } from '../../team.service.ts';
import { clientOf, replyWithSession } from './session-reply.ts';

export function registerV2InvitationsAccept(app: App, { team, people }: { team: Team; people: People }): void {
  app.post(
    '/api/v2/invitations/accept',
    {
      config: { auth: { api: 'v2', optional: true } },
      schema: {
        tags: ['V2 team'],
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation',
        description:
          "Signed in (the session cookie, with `X-CSRF-Token`, or a token): `{token}` makes the caller a member with the invitation's role (`200`). Without a session: `{token, name, password}` makes a new user with the invited e-mail (and a personal project on the free plan), joins, and signs them in (`201`, the cookie and `session` in the body). The link works once (`410` after) and for 7 days (`410` after); an unknown one is `404`.",
        security: [{}, { sessionCookie: [] }, { apiToken: [] }],
        body: AcceptInvitationInput,
        response: {
          200: DataEnvelope(AcceptedInvitationBody),
          201: DataEnvelope(AcceptedInvitationBody),
          ...errorResponses(401, 403, 404, 409, 410, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const principal = request.principal;
      if (principal) {
        const joined = await team.accept(body.token, { userId: principal.userId });
        return { data: { project_id: joined.projectPublicId, role: joined.role } };
      }
      if (!('password' in body)) {
        throw InvalidInputError.fields({ password: ['is required without a session (or sign in first)'] });
      }
      const joined = await team.accept(body.token, { name: body.name, password: body.password });
      const session = replyWithSession(request, reply, await people.startSession(joined.userId, clientOf(request)));
      return reply
        .code(201)
        .send({ data: { project_id: joined.projectPublicId, role: joined.role, session: session.data } });
    },
  );
}
