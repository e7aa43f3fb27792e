import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Imports } from '../../imports.service.ts';
import { ImportPreviewV2 } from '../../schemas/import-wizard.ts';
import { IMPORTS_TAG } from '../../schemas/imports.ts';
import { ACCEPTED_UPLOADS, uploadOf, withFileUpload } from './upload.ts';

export function registerV2ImportsPreview(app: App, { imports }: { imports: Imports }): void {
  const { maxBytes } = imports;
  withFileUpload(app, maxBytes, (scope) => {
    scope.post(
      '/api/v2/projects/:project_id/imports/preview',
      {
        bodyLimit: maxBytes,
        config: { auth: { api: 'v2', scope: ['location:create', 'location:update'] } },
        schema: {
          tags: [IMPORTS_TAG],
          operationId: 'previewImport',
          summary: "A file's columns, with the mapping suggested for each",
          description: `The file is the body, as for \`POST …/imports\` (${ACCEPTED_UPLOADS}); it is read as an import reads it, up to its fifth row, and not kept. Answers each column with its first values and what it is suggested to set: the project's remembered mapping (\`GET …/import-mapping\`) for a header it names, else what the header itself names (\`Zip\` sets \`postcode\`), else null (an unknown column, skipped). \`targets\` lists every name a column may be mapped to. Send the chosen mapping as \`columns\` of \`POST …/imports\`. A file that cannot be read is \`422\`.`,
          security: [{ apiToken: [] }, { sessionCookie: [] }],
          params: ProjectParams,
          response: { 200: DataEnvelope(ImportPreviewV2), ...errorResponses(401, 403, 404, 413, 415, 422, 429) },
        },
      },
      async (request) => {
        const { content, format } = uploadOf(request);
        return {
          data: await imports.preview({ project: projectRef(request, request.params.project_id), format, content }),
        };
      },
    );
  });
}
