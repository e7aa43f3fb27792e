import { loadConfig } from '../../server/src/config/config.ts';
import { openDatabase } from '../../server/src/db/connection.ts';
import { createNoneGeocoder } from '../../server/src/geocoding/none.geocoder.ts';
import { buildApp } from '../../server/src/http/app.ts';
import { openApiFor, type OpenApiDocument } from '../../server/src/http/openapi.ts';
import { createRateLimitStore } from '../../server/src/ratelimit/create-store.ts';

export type ApiVersion = 'v2' | 'v1';

/**
 * The server's OpenAPI documents, built from its route schemas in this process: the app is built and made ready,
 * never listens, and its throwaway in-memory database and geocoder are never asked anything.
 */
export async function serverOpenApiDocuments(): Promise<Record<ApiVersion, OpenApiDocument>> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
  const database = openDatabase(config.databaseUrl);
  const context = { config, database, clock: Date.now, rateLimitStore: createRateLimitStore(config), geocoder: createNoneGeocoder() };
  const app = await buildApp(context, { logger: false });
  try {
    await app.ready();
    return { v2: openApiFor(app, 'v2'), v1: openApiFor(app, 'v1') };
  } finally {
    await app.close();
  }
}
