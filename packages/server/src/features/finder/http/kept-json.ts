import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the store finder wrote itself (from the bodies `FinderBodies` keeps, say) as it is: the route's
 * response schema still documents it, and the tests check every such answer against that schema.
 */
export function sendKeptJson(
  reply: FastifyReply,
  json: Buffer | string,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  return reply.type(contentType).send(json);
}
