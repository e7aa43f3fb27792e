import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, InvalidInputError } from '../domain/errors.ts';
import { fieldErrorsFromValidation } from '../schemas/validation-errors.ts';
import { ApiError } from './errors.ts';

/** How long a client is asked to wait after a 503 of something this service depends on. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The status each kind of domain error answers with. */
const DOMAIN_STATUS: Record<DomainError['kind'], number> = {
  'not-found': 404,
  unauthorized: 401,
  forbidden: 403,
  invalid: 422,
  conflict: 409,
  'precondition-failed': 412,
  gone: 410,
  unavailable: 503,
};

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Request bodies must be sent as Content-Type: application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is larger than 1 MiB.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.' },
};

/**
 * PostgreSQL's errors that input causes (SQLSTATE class 22, data exceptions): what the schemas and the text checks
 * catch before the database, should a case slip past them, is still the client's to correct, never a 500.
 */
const INPUT_DATABASE_ERRORS: Record<string, string> = {
  '22001': 'A text of the request is longer than the database stores.',
  '22003': 'A number of the request is out of the range the database stores.',
  '22021': 'A text of the request is not valid UTF-8.',
  '22P05': 'A text of the request holds a character the database cannot store.',
  '22P02': 'A value of the request is not of the type the database stores.',
};

/** The SQLSTATE of a database driver's error, if it is one. */
function sqlStateOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * The one error handler: domain errors and the HTTP layer's own keep their status and say what is wrong; anything
 * else is a bare 500 with the request ID, its details in the log only.
 */
export function handleError(
  error: FastifyError | DomainError | ApiError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof DomainError) {
    const errors = error instanceof InvalidInputError ? error.errors : undefined;
    // What was unavailable may answer again soon: a client waits a few seconds rather than hammering it.
    if (error.kind === 'unavailable') void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    void reply
      .code(DOMAIN_STATUS[error.kind])
      .send(errors ? { message: error.message, errors } : { message: error.message });
    return;
  }
  if (error instanceof ApiError) {
    void reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    return;
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const invalid = InvalidInputError.fields(fieldErrorsFromValidation(fastifyError.validation as never));
    void reply.code(422).send({ message: invalid.message, errors: invalid.errors });
    return;
  }
  const known = fastifyError.code ? CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) {
    void reply.code(known.status).send({ message: known.message });
    return;
  }
  if (error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    void reply.code(400).send({ message: `Malformed JSON in the request body: ${error.message}` });
    return;
  }
  const inputError = INPUT_DATABASE_ERRORS[sqlStateOf(error) ?? ''];
  if (inputError) {
    request.log.warn({ err: error }, 'the database refused input that passed validation');
    void reply.code(422).send({ message: inputError });
    return;
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply.code(status).send({ message: error.message });
    return;
  }
  request.log.error({ err: error }, 'unexpected error');
  void reply
    .code(500)
    .send({ message: 'Internal server error. Quote the request ID when reporting it.', request_id: request.id });
}
