import { buildApp, createLogger } from './app.ts';
import type { Config } from './config/config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { App } from './http/app-type.ts';
import { buildServices, type Services, startWorkers } from './services.ts';

export interface RunningServer {
  app: App;
  url: string;
  stop(): Promise<void>;
}

/** Migrates, builds and listens; SIGTERM and SIGINT finish in-flight requests, then close the database. */
export async function startServer(config: Config, { handleSignals = true } = {}): Promise<RunningServer> {
  const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
  await migrateToLatest(database);
  const log = createLogger({ level: config.logLevel });
  const services = buildServices(config, { database, log });
  const app = await buildApp(services, log);
  const stopWorkers = startWorkers(services);
  // Waiting briefly for Redis keeps the first requests limited; a Redis that is down does not stop the start (fail
  // open).
  await services.rateLimitStore
    .ready()
    .catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit store not reachable at start-up'));
  const url = await app.listen({ port: config.port, host: config.host });
  if (config.storeFinderWarmUp) warmUpStoreFinder(services, app);

  let stopping: Promise<void> | undefined;
  // The workers finish the job and the deliveries in hand (an import: its batch in hand) before the database closes
  // with the app.
  const stop = () =>
    (stopping ??= stopWorkers()
      .then(() => app.close())
      .then(() => services.webhooks.close()));
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
function warmUpStoreFinder({ finder, clock }: Services, app: App): void {
  const started = clock();
  finder.warmUp().then(
    (projects) => app.log.info({ projects, ms: clock() - started }, 'store finder: indexes built'),
    (error: unknown) =>
      app.log.warn({ err: error }, 'store finder: indexes not built at start-up; each is built by its first search'),
  );
}
