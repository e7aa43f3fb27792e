import type { AppContext } from './app-context.ts';
import type { Config } from './config/config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createGeocoder } from './geocoding/create-geocoder.ts';
import { buildApp } from './http/app.ts';
import type { App } from './http/app-type.ts';
import { createRateLimitStore } from './ratelimit/create-store.ts';
import { startGeocodingWorker } from './services/geocoding-worker.ts';
import { startImportWorker } from './services/import-worker.ts';
import { warmFinderIndexes } from './services/store-finder.service.ts';
import { StoreFinderIndexes } from './services/store-finder-index.ts';
import { startWebhookWorker } from './services/webhook-worker.ts';
import { webhookSenderFor } from './webhooks/sender.ts';

export interface RunningServer {
  app: App;
  url: string;
  stop(): Promise<void>;
}

/** Migrates, builds and listens; SIGTERM and SIGINT finish in-flight requests, then close the database. */
export async function startServer(config: Config, { handleSignals = true } = {}): Promise<RunningServer> {
  const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
  await migrateToLatest(database);
  const geocoder = createGeocoder(config, { db: database.db, clock: Date.now });
  const ctx: AppContext = {
    config,
    database,
    clock: Date.now,
    rateLimitStore: createRateLimitStore(config),
    geocoder,
    finderIndexes: new StoreFinderIndexes(),
    webhookSender: webhookSenderFor(config),
  };
  const app = await buildApp(ctx);
  const worker = startGeocodingWorker(ctx, app.log);
  const webhookWorker = startWebhookWorker(ctx, app.log);
  const importWorker = startImportWorker(ctx, app.log);
  if (importWorker) ctx.imports = importWorker;
  // Waiting briefly for Redis keeps the first requests limited; a Redis that is down does not stop the start (fail open).
  await ctx.rateLimitStore
    .ready()
    .catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit store not reachable at start-up'));
  const url = await app.listen({ port: config.port, host: config.host });
  if (config.storeFinderWarmUp) warmUpStoreFinder(ctx, app);

  let stopping: Promise<void> | undefined;
  // The workers finish the job and the deliveries in hand (an import: its batch in hand) before the database closes
  // with the app.
  const stop = () =>
    (stopping ??= Promise.all([worker?.stop(), webhookWorker?.stop(), importWorker?.stop()])
      .then(() => app.close())
      .then(() => ctx.webhookSender.close()));
  if (handleSignals) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        app.log.info({ signal }, 'shutting down: finishing in-flight requests');
        stop().then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      });
    }
  }
  return { app, url, stop };
}

/** Builds the store finder's indexes in the background after the start, logging how long it took (or why it failed). */
function warmUpStoreFinder(ctx: AppContext, app: App): void {
  const started = Date.now();
  warmFinderIndexes(ctx.database.db, ctx.finderIndexes, ctx.clock).then(
    (projects) => app.log.info({ projects, ms: Date.now() - started }, 'store finder: indexes built'),
    (error: unknown) =>
      app.log.warn({ err: error }, 'store finder: indexes not built at start-up; each is built by its first search'),
  );
}
