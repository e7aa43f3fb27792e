import type { App } from '../../../../http/app-type.ts';
import { actorOf, principalOf, projectRef } from '../../../../http/auth.ts';
import { ApiError } from '../../../../http/errors.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { IMPORTS_TAG, ImportAcceptedV2, ImportQueryV2 } from '../../schemas/imports.ts';
import { columnMapOf } from './column-map.ts';
import { ACCEPTED_UPLOADS, uploadOf, withFileUpload } from './upload.ts';

const on = (flag: string | undefined) => flag === '1' || flag === 'true';

/** The file name a `Content-Disposition: attachment; filename="stores.csv"` header gives, if any. */
function fileNameOf(header: string | undefined): string | undefined {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ? decodeURIComponent(match[1]).slice(0, 255) : undefined;
}

export function registerV2ImportsPost(app: App, { imports }: { imports: Imports }): void {
  const { maxBytes } = imports;
  withFileUpload(app, maxBytes, (scope) => {
    scope.post(
      '/api/v2/projects/:project_id/imports',
      {
        bodyLimit: maxBytes,
        config: { auth: { api: 'v2', scope: ['location:create', 'location:update'] } },
        schema: {
          tags: [IMPORTS_TAG],
          operationId: 'createImport',
          summary: 'Import a file of locations',
          description: [
            `The file is the body, with its Content-Type: ${ACCEPTED_UPLOADS}; up to ${maxBytes / 1024 / 1024} MiB unless the server's IMPORT_MAX_BYTES says otherwise. The import runs in the background: poll \`GET …/imports/{id}\` for its status, progress and report, and \`GET …/imports/{id}/changes\` for what it changed.`,
            'Columns are the V2 input names (also `id`, `external_id`, weekdays `mon`..`sun` or `monday`..`sunday`, `special_hours`, `filters` separated by `|` or `;`, `field:<name>`, `cta:<title>`) or common aliases (`Store Name`, `Address 1`, `Zip`, `Postal Code`, `Latitude`, `Phone Number`, `Website`, `Store code`), matched ignoring case and spacing; `columns` maps other headers; other columns are reported in `unknown_columns`.',
            'A row with an `external_id` updates the location that has it, or creates one; otherwise an `id` updates that location; otherwise the row creates one, unless `match=name_address` and one saved location (without another external_id) has its name and address: the row updates it. A row created although a saved location has its name and address is listed in `possible_duplicates`. An absent column leaves its field alone; an empty cell clears it (empty coordinates never clear a pin that geocoding found). A row equal to the saved location is `unchanged` and not written. Each row obeys the V2 rules and fails alone, with its row number; a row naming a location (or key) an earlier row named fails too.',
            'Rows without coordinates are queued for geocoding. Scopes: location:create and location:update, and location:delete with `delete_missing`.',
          ].join(' '),
          security: [{ apiToken: [] }, { sessionCookie: [] }],
          params: ProjectParams,
          querystring: ImportQueryV2,
          response: { 202: DataEnvelope(ImportAcceptedV2), ...errorResponses(401, 403, 404, 413, 415, 422, 429) },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const deleteMissing = on(query.delete_missing);
        if (deleteMissing && !principalOf(request).scopes.has('location:delete'))
          throw new ApiError(403, 'This token lacks the location:delete scope, which delete_missing needs.');
        const { content, format } = uploadOf(request);
        const columns = columnMapOf(query.columns);
        const fileName = fileNameOf(request.headers['content-disposition']);
        const created = await imports.queue({
          project: projectRef(request, request.params.project_id),
          content,
          format,
          ...(fileName ? { fileName } : {}),
          ...(columns ? { columns } : {}),
          options: {
            dryRun: on(query.dry_run),
            deleteMissing,
            atomic: on(query.atomic),
            match: query.match ?? 'external_id',
          },
          createdBy: actorOf(request),
        });
        return reply
          .code(202)
          .header('location', `/api/v2/projects/${request.params.project_id}/imports/${created.public_id}`)
          .send({ data: { id: created.public_id, status: 'queued' as const } });
      },
    );
  });
}
