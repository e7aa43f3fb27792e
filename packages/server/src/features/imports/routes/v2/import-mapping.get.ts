import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { ImportMappingV2 } from '../../schemas/import-wizard.ts';
import { IMPORTS_TAG } from '../../schemas/imports.ts';

export function registerV2ImportMappingGet(app: App, { imports }: { imports: Imports }): void {
  app.get(
    '/api/v2/projects/:project_id/import-mapping',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [IMPORTS_TAG],
        operationId: 'getImportMapping',
        summary: "The column mapping and match the project's imports remember",
        description:
          'What `PUT …/import-mapping` saved: each header a file of the project had to what it sets (or null: skipped), and the match. `POST …/imports/preview` suggests it for those headers. Empty (`{}`, `external_id`, `updated_at` null) until one is saved.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        response: { 200: DataEnvelope(ImportMappingV2), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: await imports.mapping({ project: projectRef(request, request.params.project_id) }),
    }),
  );
}
