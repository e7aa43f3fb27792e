import { apiDocuments } from '../../server/src/app.ts';
import type { ApiDocument, OpenApiDocument } from '../../server/src/http/openapi.ts';

export type ApiVersion = ApiDocument;

/** The server's OpenAPI documents, built from its route schemas in this process by an app that never listens. */
export async function serverOpenApiDocuments(): Promise<Record<ApiVersion, OpenApiDocument>> {
  return apiDocuments();
}
