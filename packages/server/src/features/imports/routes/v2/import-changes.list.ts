import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { ImportChangesPageV2, ImportChangesQueryV2 } from '../../schemas/import-wizard.ts';
import { IMPORTS_TAG, ImportParams } from '../../schemas/imports.ts';

export function registerV2ImportChangesList(app: App, { imports }: { imports: Imports }): void {
  app.get(
    '/api/v2/projects/:project_id/imports/:import_id/changes',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [IMPORTS_TAG],
        operationId: 'listImportChanges',
        summary: "An import's diff: what it created, updated and deleted",
        description:
          'Each location the import created, updated (with the input names it changed) or deleted with `delete_missing`, a dry run what it would: in file order, the deletions last, page by page (`after` the `next_after` of the page before), of one `kind` or all. Rows equal to their location (`unchanged`) are counted in the report only; failed rows are in the report and in `GET …/imports/{id}/failed-rows`. A dry run lists its lines once it has ended; a batch-by-batch import lists those of the batches it has saved.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ImportParams,
        querystring: ImportChangesQueryV2,
        response: { 200: ImportChangesPageV2, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const { changes, nextAfter } = await imports.changes({
        project: projectRef(request, request.params.project_id),
        importId: request.params.import_id,
        kind: request.query.kind,
        after: request.query.after ?? 0,
        limit: request.query.limit ?? 100,
      });
      return { data: changes, next_after: nextAfter };
    },
  );
}
