import { type Static, Type } from 'typebox';
import { hasApiAccess, PLANS } from '../../../../domain/plans.ts';
import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { errorResponses, Timestamp } from '../../../../schemas/common.ts';
import type { Accounts } from '../../accounts.service.ts';

export const ProjectBody = Type.Object({
  id: Type.String({ description: 'Public project ID, used in location paths', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
  name: Type.String({ examples: ["Ada's project"] }),
  plan: Type.Union(
    PLANS.map((plan) => Type.Literal(plan)),
    { description: 'Only `business` includes API access to locations' },
  ),
  api_access: Type.Boolean({ description: 'Whether location endpoints work on this project' }),
  personal: Type.Boolean({ description: 'The personal project of the user who made it (the one V1 works on)' }),
  role: Type.Union([Type.Literal('viewer'), Type.Literal('editor'), Type.Literal('admin'), Type.Literal('owner')], {
    description: "The caller's role in the project: what they may do there (with their token's scopes)",
  }),
  locations_count: Type.Integer({ minimum: 0 }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ProjectBody = Static<typeof ProjectBody>;

export function registerV2ProjectsList(app: App, { accounts }: { accounts: Accounts }): void {
  app.get(
    '/api/v2/projects',
    {
      config: { auth: { api: 'v2', scope: 'project:read' } },
      schema: {
        tags: ['V2 account'],
        operationId: 'listProjects',
        summary: 'List the projects the caller is a member of, with their role in each',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        response: { 200: Type.Object({ data: Type.Array(ProjectBody) }), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const projects = await accounts.listProjects(principalOf(request).userId);
      return {
        data: projects.map((project) => ({
          id: project.public_id,
          name: project.name,
          plan: project.plan as ProjectBody['plan'],
          api_access: hasApiAccess(project.plan),
          personal: project.personal === 1 && project.user_id === principalOf(request).userId,
          role: project.role as ProjectBody['role'],
          locations_count: project.locations_count,
          created_at: project.created_at,
          updated_at: project.updated_at,
        })),
      };
    },
  );
}
