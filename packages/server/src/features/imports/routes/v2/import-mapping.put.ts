import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { ImportMappingBodyV2, ImportMappingV2 } from '../../schemas/import-wizard.ts';
import { IMPORTS_TAG } from '../../schemas/imports.ts';
import { columnMapOf } from './column-map.ts';

export function registerV2ImportMappingPut(app: App, { imports }: { imports: Imports }): void {
  app.put(
    '/api/v2/projects/:project_id/import-mapping',
    {
      config: { auth: { api: 'v2', scope: ['location:create', 'location:update'] } },
      schema: {
        tags: [IMPORTS_TAG],
        operationId: 'putImportMapping',
        summary: "Remember a column mapping and match for the project's imports",
        description:
          "Replaces the remembered mapping (send the headers of earlier files too to keep them). Each value must be a name a column sets, or null, as for `columns` of `POST …/imports`; a name no column sets is `422` under `columns.<header>`. It changes no location and records no event: it is the import form's memory, which `POST …/imports/preview` suggests from; an import uses only the `columns` it is sent.",
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        body: ImportMappingBodyV2,
        response: { 200: DataEnvelope(ImportMappingV2), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const columns = columnMapOf(JSON.stringify(request.body.columns)) ?? {};
      return {
        data: await imports.saveMapping({
          project: projectRef(request, request.params.project_id),
          columns,
          match: request.body.match,
        }),
      };
    },
  );
}
