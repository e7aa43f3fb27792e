import type { FastifyInstance } from 'fastify';

/** Methods whose routes take no body. GET and HEAD bodies Fastify never parses. */
const BODYLESS_METHODS = new Set(['DELETE', 'OPTIONS']);

/**
 * Replaces Fastify's JSON parser with the same parser (same poisoning checks, same body limit) that lets an empty body
 * through on a DELETE: many HTTP clients send `Content-Type: application/json` on every request, and a DELETE without a
 * body must not be refused as an empty JSON document. Anywhere else an empty JSON body is still `400`.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0 && BODYLESS_METHODS.has(request.method)) {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
