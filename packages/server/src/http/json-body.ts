import type { FastifyInstance } from 'fastify';
import { InvalidInputError } from '../domain/errors.ts';
import { normalizeDocument } from '../domain/text.ts';
import { ApiError } from './errors.ts';

/** Methods whose routes take no body. GET and HEAD bodies Fastify never parses. */
const BODYLESS_METHODS = new Set(['DELETE', 'OPTIONS']);

/**
 * Levels of arrays and objects a body may nest: ours nest three or four (a location's special hours), and a body
 * nested thousands deep would overflow the stack of the parser's or the text check's recursion.
 */
const MAX_JSON_DEPTH = 32;

const PROTOTYPE_KEY_REFUSED =
  'The request body uses the key "__proto__" (or "constructor" holding "prototype"), which no body may hold.';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether `text`, read as JSON, opens more than `max` arrays and objects inside one another; one pass, no parse. */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with the same parser (same poisoning checks, same body limit) that lets an empty body
 * through on a DELETE: many HTTP clients send `Content-Type: application/json` on every request, and a DELETE without a
 * body must not be refused as an empty JSON document. Anywhere else an empty JSON body is still `400`.
 * Every string of a body is then put in Unicode normal form C, and text no database should hold (control characters,
 * unpaired surrogates) is a 422 naming its field, on both databases alike (`domain/text.ts`). A body nested deeper
 * than `MAX_JSON_DEPTH` is a 400 that says so, before it is parsed; a key that would reach an object's prototype
 * (`__proto__`) is a 422.
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
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new ApiError(
          400,
          `The JSON of the request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects are read.`,
        ),
      );
      return;
    }
    void parseJson(request, text, (error: Error | null, parsed?: unknown) => {
      // Fastify's parser refuses a key that would reach an object's prototype as it refuses broken JSON; valid JSON
      // with such a key is refused input (422), not malformed.
      if (error && isJson(text)) return done(new ApiError(422, PROTOTYPE_KEY_REFUSED));
      if (error) return done(error);
      const { value, errors } = normalizeDocument(parsed);
      if (Object.keys(errors).length > 0) return done(InvalidInputError.fields(errors));
      done(null, value);
    });
  });
}
