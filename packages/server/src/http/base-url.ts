import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** `PUBLIC_URL`: where clients reach this server, when it is not where requests say they came. */
    readonly publicUrl: string | undefined;
  }
}

/** Makes `PUBLIC_URL` the base of the app's links (`installBaseUrl(app, config.publicUrl)`). */
export function installBaseUrl(app: FastifyInstance, publicUrl: string | undefined): void {
  app.decorate('publicUrl', publicUrl);
}

/**
 * The absolute base of links: `PUBLIC_URL` when configured, else the request's own scheme and host (so its `Host`
 * header, which any client may set: an answer holding such links is no answer for a shared cache).
 */
export function baseUrlOf(request: FastifyRequest): string {
  return request.server.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The query parameters exactly as the caller sent them, in order. */
export function rawQueryPairs(request: FastifyRequest): [string, string][] {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? [] : [...new URLSearchParams(request.url.slice(queryStart + 1))];
}

/** The request's path without its query. */
export function pathOf(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

/** Whether links come from `PUBLIC_URL` only, and not from what a request says of its host. */
export function hasPublicUrl(request: FastifyRequest): boolean {
  return request.server.publicUrl !== undefined;
}
