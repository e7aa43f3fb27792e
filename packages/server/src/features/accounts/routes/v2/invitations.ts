import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { principalOf, projectRef } from '../../../../http/auth.ts';
import { baseUrlOf } from '../../../../http/base-url.ts';
import { DataEnvelope, errorResponses, ProjectParams, SuccessBody, V2_SECURITY } from '../../../../schemas/common.ts';
import {
  CreatedInvitationBody,
  InvitationBody,
  InvitationInput,
  InvitationParams,
  presentInvitation,
} from '../../schemas/team.ts';
import type { Team } from '../../team.service.ts';

const tags = ['V2 team'];
const rule = { auth: { api: 'v2', scope: 'member:manage' } } as const;

/** Invitations to a project: made, listed and withdrawn by admins and owners (only owners invite owners). */
export function registerV2Invitations(app: App, { team }: { team: Team }): void {
  app.get(
    '/api/v2/projects/:project_id/invitations',
    {
      config: rule,
      schema: {
        tags,
        operationId: 'listInvitations',
        summary: "List the project's invitations not accepted yet (expired ones included)",
        security: V2_SECURITY,
        params: ProjectParams,
        response: { 200: Type.Object({ data: Type.Array(InvitationBody) }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: (await team.listInvitations(projectRef(request, request.params.project_id))).map(presentInvitation),
    }),
  );
  app.post(
    '/api/v2/projects/:project_id/invitations',
    {
      config: rule,
      schema: {
        tags,
        operationId: 'createInvitation',
        summary: 'Invite someone to the project with a role',
        description:
          'The link works once, for 7 days: a signed-in user joins with it, or a new person makes their user. It is e-mailed when the server has `SMTP_URL`, and answered as `invite_url` either way (shown this once). Inviting someone already a member: `409`.',
        security: V2_SECURITY,
        params: ProjectParams,
        body: InvitationInput,
        response: { 201: DataEnvelope(CreatedInvitationBody), ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { invitation, inviteUrl } = await team.invite(projectRef(request, request.params.project_id), {
        ...request.body,
        invitedBy: principalOf(request).userId,
        baseUrl: baseUrlOf(request),
      });
      return reply.code(201).send({ data: { ...presentInvitation(invitation), invite_url: inviteUrl } });
    },
  );
  app.delete(
    '/api/v2/projects/:project_id/invitations/:invitation_id',
    {
      config: rule,
      schema: {
        tags,
        operationId: 'withdrawInvitation',
        summary: 'Withdraw an invitation: its link stops working',
        security: V2_SECURITY,
        params: InvitationParams,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { project_id, invitation_id } = request.params;
      await team.withdrawInvitation(projectRef(request, project_id), invitation_id);
      return { success: true as const };
    },
  );
}
