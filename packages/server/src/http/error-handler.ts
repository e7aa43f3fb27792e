import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { fieldErrorsFromValidation } from './validation-errors.ts';

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Request bodies must be sent as Content-Type: application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is larger than 1 MiB.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.' },
};

/** The one error handler: known errors keep their status and say what is wrong; anything else is a bare 500. */
export function handleError(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ApiError) {
    void reply.code(error.statusCode).headers(error.headers).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    return;
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const invalid = ApiError.invalid(fieldErrorsFromValidation(fastifyError.validation as never));
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
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply.code(status).send({ message: error.message });
    return;
  }
  request.log.error({ err: error }, 'unexpected error');
  void reply.code(500).send({ message: 'Internal server error. Quote the request ID when reporting it.', request_id: request.id });
}
