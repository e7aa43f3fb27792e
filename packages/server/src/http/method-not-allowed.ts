import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ApiError } from './errors.ts';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Fastify answers an unknown method on a known path with 404; the contract wants `405` and `Allow`.
 * A shadow router learns every route's path so the not-found handler can tell the two apart.
 */
export function installNotFoundHandler(app: FastifyInstance): void {
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod) && !shadow.hasRoute(method as HTTPMethod, route.url)) {
        shadow.on(method as HTTPMethod, route.url, () => undefined);
      }
    }
  });
  app.setNotFoundHandler((request: FastifyRequest, _reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => shadow.find(method, path) !== null);
    if (allowed.length > 0) {
      throw new ApiError(405, `Method ${request.method} is not allowed here; use ${allowed.join(', ')}.`, {
        allow: allowed.join(', '),
      });
    }
    throw new ApiError(404, `No route for ${request.method} ${path}.`);
  });
}
