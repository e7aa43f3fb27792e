import { Type } from 'typebox';
import { MEDIA_TYPES } from '../../../../domain/file-formats.ts';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { ExportQueryV2, IMPORTS_TAG } from '../../schemas/imports.ts';

/** A file in any of the formats, described for the OpenAPI document (not serialised: the body is a stream). */
const FILE_RESPONSE: unknown = {
  description: 'The file',
  content: Object.fromEntries(
    Object.values(MEDIA_TYPES).map((type) => [type, { schema: Type.String({ description: 'The file' }) }]),
  ),
};

export function registerV2LocationsExport(app: App, { imports }: { imports: Imports }): void {
  app.get(
    '/api/v2/projects/:project_id/locations/export',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [IMPORTS_TAG],
        operationId: 'exportLocations',
        summary: 'Export every location as a file',
        description:
          'Every location of the project, in ID order, with the columns the import reads (`external_id`, `id`, the V2 input names, weekdays, `special_hours`, `filters`, a `field:<name>` column per custom field and a `cta:<title>` column per call to action), so that importing the file again changes nothing. Streamed while it is read, in pages: a write during the export shows in the pages not yet read. CSV is UTF-8 with a byte-order mark and CRLF (as Excel opens it); GeoJSON has a Point per location with coordinates (none without); NDJSON has a V2 body per line.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        querystring: ExportQueryV2,
        response: {
          200: FILE_RESPONSE,
          ...errorResponses(401, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'csv';
      const exported = await imports.export({
        project: projectRef(request, request.params.project_id),
        format,
      });
      return reply
        .type(format === 'csv' ? `${MEDIA_TYPES.csv}; charset=utf-8` : MEDIA_TYPES[format])
        .header('content-disposition', `attachment; filename="locations-${exported.projectId}.${format}"`)
        .send(exported.stream);
    },
  );
}
