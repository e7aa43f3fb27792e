import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { ImportListQueryV2 } from '../../schemas/import-wizard.ts';
import { IMPORTS_TAG, ImportSummaryV2 } from '../../schemas/imports.ts';

export function registerV2ImportsList(app: App, { imports }: { imports: Imports }): void {
  app.get(
    '/api/v2/projects/:project_id/imports',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [IMPORTS_TAG],
        operationId: 'listImports',
        summary: "The project's latest imports",
        description:
          'The latest imports, newest first (`limit`, default 20), each as `GET …/imports/{id}` answers it but for the failed rows and possible duplicates.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        querystring: ImportListQueryV2,
        response: {
          200: Type.Object({ data: Type.Array(ImportSummaryV2) }),
          ...errorResponses(401, 403, 404, 422, 429),
        },
      },
    },
    async (request) => ({
      data: await imports.list({
        project: projectRef(request, request.params.project_id),
        limit: request.query.limit ?? 20,
      }),
    }),
  );
}
