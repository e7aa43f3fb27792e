import type { FastifyReply } from 'fastify';

/**
 * Sends JSON built from text the store finder's index keeps (see `FinderLocation.json`) as it is: the route's
 * response schema still documents it, and the tests check every such answer against that schema.
 */
export function sendKeptJson(
  reply: FastifyReply,
  json: Buffer,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  return reply.type(contentType).send(json);
}
