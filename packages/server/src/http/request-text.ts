import type { FastifyReply, FastifyRequest } from 'fastify';
import { addFieldError, type FieldErrors, InvalidInputError, NotFoundError } from '../domain/errors.ts';
import { unstorableTextReason } from '../domain/text.ts';
import { pathOf } from './base-url.ts';
import { ApiError } from './errors.ts';

/**
 * One side of a raw query string's `key=value`, decoded as forms encode it; undefined when its escapes are not UTF-8.
 * A `%` that starts no escape is itself, as the query parser takes it (`name[like]=%` looks for a percent sign).
 */
function decodePart(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return undefined;
  }
}

/** What is wrong with a raw query string: a parameter given twice, text no database should hold, broken encoding. */
function queryErrors(rawQuery: string): FieldErrors | ApiError {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const [rawKey, rawValue] = equals === -1 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    const key = decodePart(rawKey);
    const value = decodePart(rawValue);
    if (key === undefined || value === undefined) {
      return new ApiError(400, `The query string is malformed: "${pair}" is not valid percent-encoding (UTF-8, %XX).`);
    }
    const reason = unstorableTextReason(key) ?? unstorableTextReason(value);
    if (reason) addFieldError(errors, key, reason);
    else if (seen.has(key)) addFieldError(errors, key, 'must be given once');
    seen.add(key);
  }
  return errors;
}

/**
 * The `preValidation` hook that keeps text no database or page should hold out of every route, before its schema is
 * checked: a path ID with a control character or half a surrogate names nothing (404); such a query value, a
 * parameter given twice or broken percent-encoding is refused naming the parameter (422, 400). Query values are
 * put in Unicode normal form C, as bodies are. V1 routes keep their contract of never refusing `page` and `limit`.
 */
export function refuseUnstorableRequestText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const params = request.params as Record<string, unknown> | undefined;
  for (const value of Object.values(params ?? {})) {
    if (typeof value === 'string' && unstorableTextReason(value)) {
      done(new NotFoundError(`Nothing found at ${pathOf(request)}.`));
      return;
    }
  }
  if (request.routeOptions.config.auth?.api === 'v1') {
    done();
    return;
  }
  const queryStart = request.url.indexOf('?');
  if (queryStart === -1) {
    done();
    return;
  }
  const errors = queryErrors(request.url.slice(queryStart + 1));
  if (errors instanceof ApiError) {
    done(errors);
    return;
  }
  if (Object.keys(errors).length > 0) {
    done(InvalidInputError.fields(errors));
    return;
  }
  const query = request.query as Record<string, unknown> | undefined;
  if (query) {
    for (const [key, value] of Object.entries(query))
      if (typeof value === 'string') query[key] = value.normalize('NFC');
  }
  done();
}
