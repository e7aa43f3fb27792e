import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type RouteOptions } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { createRateLimitHooks } from '../ratelimit/hooks.ts';
import { registerRoutes } from '../routes/index.ts';
import type { App } from './app-type.ts';
import { authenticate, authorize } from './auth.ts';
import { fastifyTrustProxy } from './client-address.ts';
import { handleError } from './error-handler.ts';
import { installEtags } from './etag.ts';
import { handleFrameworkError } from './framework-errors.ts';
import { installJsonBodyParser } from './json-body.ts';
import { installNotFoundHandler } from './method-not-allowed.ts';
import { registerOpenApi } from './openapi.ts';
import { checkPublicKey, installPublicAccess } from './public-access.ts';
import { requestIdOf } from './request-id.ts';
import { refuseUnstorableRequestText } from './request-text.ts';
import { createSerializerCompiler } from './serializers.ts';
import { createValidatorCompiler } from './validators.ts';

export interface BuildAppOptions {
  /** Pino logger options; `false` silences logging (tests), a `stream` receives each line (tests that read them). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Told of every route as it is registered (Fastify's `onRoute`), before the first one: for a test that lists them. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the HTTP application around a context; the caller listens and closes. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    frameworkErrors: handleFrameworkError,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('ctx', ctx);
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

  // Hooks with nothing to wait for take Fastify's callback: an async one costs every request a promise and a turn of
  // the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // Rate limiting wraps authentication: blocked addresses first, then who is calling, then their budget, then scope.
  const rateLimits = createRateLimitHooks(ctx, app.log);
  app.addHook('onRequest', rateLimits.refuseBlockedClients);
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', rateLimits.countRequest);
  app.addHook('onRequest', authorize);
  app.addHook('preValidation', refuseUnstorableRequestText);
  // After the request's text is known to be storable (a key with a NUL never reaches the database).
  app.addHook('preValidation', checkPublicKey);
  app.addHook('onSend', rateLimits.countAuthFailure);
  app.addHook('onClose', async () => ctx.database.close());
  app.addHook('onClose', async () => ctx.rateLimitStore.close());

  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  registerOpenApi(app, registerRoutes);
  registerRoutes(app);
  return app;
}
