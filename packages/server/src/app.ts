import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, LogController, type RouteOptions } from 'fastify';
import pino from 'pino';
import { loadConfig } from './config/config.ts';
import { openDatabase } from './db/connection.ts';
import { createKeyCheck, installFinderCors, installPublicAccess } from './features/finder/index.ts';
import type { App } from './http/app-type.ts';
import { createAuthentication } from './http/auth.ts';
import { installBaseUrl } from './http/base-url.ts';
import { fastifyTrustProxy } from './http/client-address.ts';
import { handleError } from './http/error-handler.ts';
import { installEtags } from './http/etag.ts';
import { handleFrameworkError } from './http/framework-errors.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { installNotFoundHandler } from './http/method-not-allowed.ts';
import { type ApiDocument, type OpenApiDocument, openApiDocuments, registerOpenApi } from './http/openapi.ts';
import { requestLogValue } from './http/redacted-url.ts';
import { requestIdOf } from './http/request-id.ts';
import { refuseUnstorableRequestText } from './http/request-text.ts';
import { createSerializerCompiler } from './http/serializers.ts';
import { createValidatorCompiler } from './http/validators.ts';
import { createRateLimitHooks } from './ratelimit/hooks.ts';
import { registerRoutes } from './routes.ts';
import { buildServices, type Services } from './services.ts';

/** Where the process's log lines go: pino at a level, off (`false`: tests), or into a stream (tests that read them). */
export type LoggerOptions = false | { level: string; stream?: { write(line: string): void } };

/**
 * The process's logger: the app's request logs and the workers' errors alike. A request is logged with its URL
 * cleaned of credentials (`requestLogValue`): nothing secret in the log, even a token sent in the query by mistake.
 */
export function createLogger(options: LoggerOptions): FastifyBaseLogger {
  if (options === false) return pino({ enabled: false });
  const settings = { level: options.level, serializers: { req: requestLogValue } };
  return options.stream ? pino(settings, options.stream) : pino(settings);
}

/** The one warning of a server without `PUBLIC_URL`, logged as its app is built. */
export const PUBLIC_URL_MISSING =
  "PUBLIC_URL is not set: absolute links, the hosted pages' canonical links, sitemaps and widget address come from each request's Host header, so the hosted pages are sent Cache-Control: private; set PUBLIC_URL to the address clients reach this server at";

export interface BuildAppOptions {
  /**
   * Told of every route as it is registered (Fastify's `onRoute`), before the first one: for a test that lists them.
   */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the HTTP application over the process's services, logging with `log`; the caller listens and closes. */
export async function buildApp(
  services: Services,
  log: FastifyBaseLogger,
  options: BuildAppOptions = {},
): Promise<App> {
  const { config } = services;
  const app = Fastify({
    loggerInstance: log,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    frameworkErrors: handleFrameworkError,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();

  installBaseUrl(app, config.publicUrl);
  if (config.publicUrl === undefined) log.warn(PUBLIC_URL_MISSING);
  app.decorateRequest('principal', null);
  app.setValidatorCompiler(createValidatorCompiler());
  app.setSerializerCompiler(createSerializerCompiler());
  app.setErrorHandler(handleError);
  // Only JSON bodies are accepted; dropping the text parser makes text/plain a 415 like any other type.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  installNotFoundHandler(app);
  installEtags(app);
  installPublicAccess(app);
  installFinderCors(app);

  // Hooks with nothing to wait for take Fastify's callback: an async one costs every request a promise and a turn of
  // the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // Rate limiting wraps authentication: blocked addresses first, then who is calling, then their budget, then scope.
  const rateLimits = createRateLimitHooks(services, app.log);
  const { authenticate, authorize } = createAuthentication({
    tokens: services.accounts.tokens,
    sessions: services.people.sessions,
    clock: services.clock,
  });
  app.addHook('onRequest', rateLimits.refuseBlockedClients);
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', rateLimits.countRequest);
  app.addHook('onRequest', authorize);
  app.addHook('preValidation', refuseUnstorableRequestText);
  // After the request's text is known to be storable (a key with a NUL never reaches the database).
  app.addHook('preValidation', createKeyCheck(services.finder));
  app.addHook('onSend', rateLimits.countAuthFailure);
  app.addHook('onClose', async () => services.database.close());
  app.addHook('onClose', async () => services.rateLimitStore.close());
  // Fastify runs onClose hooks last-added first: the counts still in memory are written before the database closes,
  // after the last request has been answered.
  app.addHook('onClose', async () => services.analytics.stop());

  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  registerOpenApi(app, (docs) => registerRoutes(docs, services));
  registerRoutes(app, services);
  return app;
}

/**
 * The API documents as the default configuration describes them (the client's types are generated from these): the
 * routes registered over services on a database in memory, which no route ever asks.
 */
export async function apiDocuments(): Promise<Record<ApiDocument, OpenApiDocument>> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:' });
  const database = openDatabase(config.databaseUrl);
  try {
    const services = buildServices(config, { database, log: createLogger(false) });
    return await openApiDocuments((docs) => registerRoutes(docs, services));
  } finally {
    await database.close();
  }
}
