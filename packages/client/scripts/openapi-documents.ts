import { type ApiDocument, type OpenApiDocument, openApiDocuments } from '../../server/src/http/openapi.ts';
import { registerRoutes } from '../../server/src/routes/index.ts';

export type ApiVersion = ApiDocument;

/** The server's OpenAPI documents, built from its route schemas in this process by an app that never listens. */
export async function serverOpenApiDocuments(): Promise<Record<ApiVersion, OpenApiDocument>> {
  return openApiDocuments(registerRoutes);
}
