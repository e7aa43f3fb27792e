import type { FastifyInstance } from 'fastify';
import { InvalidInputError } from '../domain/errors.ts';
import { normalizeDocument } from '../domain/text.ts';

/** Methods whose routes take no body. GET and HEAD bodies Fastify never parses. */
const BODYLESS_METHODS = new Set(['DELETE', 'OPTIONS']);

/**
 * Replaces Fastify's JSON parser with the same parser (same poisoning checks, same body limit) that lets an empty body
 * through on a DELETE: many HTTP clients send `Content-Type: application/json` on every request, and a DELETE without a
 * body must not be refused as an empty JSON document. Anywhere else an empty JSON body is still `400`.
 * Every string of a body is then put in Unicode normal form C, and text no database should hold (control characters,
 * unpaired surrogates) is a 422 naming its field, on both databases alike (`domain/text.ts`).
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
    void parseJson(request, text, (error: Error | null, parsed?: unknown) => {
      if (error) return done(error);
      const { value, errors } = normalizeDocument(parsed);
      if (Object.keys(errors).length > 0) return done(InvalidInputError.fields(errors));
      done(null, value);
    });
  });
}
