import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path with broken
 * percent-encoding, a path segment longer than any ID). Without it Fastify answers in a body shape of its own and
 * without a request ID; here it gets the contract's `{"message"}` and `X-Request-Id` like every other response.
 * An over-long segment names no resource we issue, so it is the `404` an unknown ID gets.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-request-id', request.id);
  const path = request.url.split('?')[0] ?? '/';
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .code(404)
      .send({ message: `Nothing found at ${path}: an ID in it is longer than any this service issues.` });
    return;
  }
  void reply.code(400).send({ message: `The request URL is malformed (${error.message}).` });
}
