import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { IMPORTS_TAG, ImportParams } from '../../schemas/imports.ts';

/** The CSV file, described for the OpenAPI document (not serialised). */
const CSV_RESPONSE: unknown = {
  description: 'The failed rows as CSV',
  content: { 'text/csv': { schema: Type.String({ description: 'The file' }) } },
};

export function registerV2ImportFailedRowsGet(app: App, { imports }: { imports: Imports }): void {
  app.get(
    '/api/v2/projects/:project_id/imports/:import_id/failed-rows',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [IMPORTS_TAG],
        operationId: 'getImportFailedRows',
        summary: "An import's failed rows as CSV, to fix and import again",
        description:
          "Every failed row of the import as CSV (UTF-8 with a byte-order mark, CRLF): `Row` (its number in the file), `Errors` (each field's messages: `lat: must be <= 90; name: is required`), then the file's columns with the row's cells as the file had them (after the column mapping, the headers are the file's own). Fix the cells and import the file again: `Row` and `Errors` are skipped as unknown columns. Only a header when no row failed. Texts a spreadsheet would take for a formula are written after a `'`, as the export does.",
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ImportParams,
        response: { 200: CSV_RESPONSE, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const csv = await imports.failedRowsCsv({
        project: projectRef(request, request.params.project_id),
        importId: request.params.import_id,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="failed-rows-${request.params.import_id}.csv"`)
        .send(csv);
    },
  );
}
