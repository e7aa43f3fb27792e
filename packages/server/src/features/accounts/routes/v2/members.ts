import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams, SuccessBody, V2_SECURITY } from '../../../../schemas/common.ts';
import { MemberBody, MemberParams, MemberPatch, presentMember } from '../../schemas/team.ts';
import type { Team } from '../../team.service.ts';

const tags = ['V2 team'];

/** The members of a project: listed by anyone in it, their roles changed and members removed by admins and owners. */
export function registerV2Members(app: App, { team }: { team: Team }): void {
  app.get(
    '/api/v2/projects/:project_id/members',
    {
      config: { auth: { api: 'v2', scope: 'project:read' } },
      schema: {
        tags,
        operationId: 'listMembers',
        summary: "List the project's members and their roles",
        security: V2_SECURITY,
        params: ProjectParams,
        response: { 200: Type.Object({ data: Type.Array(MemberBody) }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: (await team.listMembers(projectRef(request, request.params.project_id))).map(presentMember),
    }),
  );
  app.patch(
    '/api/v2/projects/:project_id/members/:user_id',
    {
      config: { auth: { api: 'v2', scope: 'member:manage' } },
      schema: {
        tags,
        operationId: 'updateMember',
        summary: "Change a member's role",
        description:
          "Admins change the roles of members other than owners; only owners make owners or change an owner. Demoting the last owner: `409`. A demotion applies from the next request on, to the member's sessions and tokens alike.",
        security: V2_SECURITY,
        params: MemberParams,
        body: MemberPatch,
        response: { 200: DataEnvelope(MemberBody), ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const { project_id, user_id } = request.params;
      return {
        data: presentMember(await team.changeRole(projectRef(request, project_id), user_id, request.body.role)),
      };
    },
  );
  app.delete(
    '/api/v2/projects/:project_id/members/:user_id',
    {
      config: { auth: { api: 'v2', scope: 'member:manage' } },
      schema: {
        tags,
        operationId: 'removeMember',
        summary: 'Remove a member from the project',
        description:
          "From the next request on, none of the member's sessions or tokens reaches the project. Only owners remove owners; the last owner cannot be removed (`409`).",
        security: V2_SECURITY,
        params: MemberParams,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { project_id, user_id } = request.params;
      await team.removeMember(projectRef(request, project_id), user_id);
      return { success: true as const };
    },
  );
}
