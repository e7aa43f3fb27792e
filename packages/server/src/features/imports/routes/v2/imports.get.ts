import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { IMPORTS_TAG, ImportParams, ImportV2 } from '../../schemas/imports.ts';

export function registerV2ImportsGet(app: App, { imports }: { imports: Imports }): void {
  app.get(
    '/api/v2/projects/:project_id/imports/:import_id',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [IMPORTS_TAG],
        operationId: 'getImport',
        summary: 'Status, progress and report of an import',
        description:
          '`status` goes `queued`, `running`, then `done` or `failed` (with `error`). `progress` tells rows read and done. Once the import has ended, `report` tells what it did (a dry run: what it would do), with every failed row.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ImportParams,
        response: { 200: DataEnvelope(ImportV2), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: await imports.get({
        project: projectRef(request, request.params.project_id),
        importId: request.params.import_id,
      }),
    }),
  );
}
