import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { Static, TSchema } from 'typebox';
import type { FastifyReply } from 'fastify';
import { PageLinks, PageMeta, type PageLinksBody, type PageMetaBody } from '../schemas/common.ts';

/**
 * A serialiser for one schema, as Fastify's own (fast-json-stringify): text built from parts with it is byte for byte
 * what the route's response schema would have produced from the whole object.
 */
export function serializerOf<T extends TSchema>(schema: T): (value: Static<T>) => string {
  return fastJson(schema as AnySchema) as (value: Static<T>) => string;
}

/** Sends text that already is the JSON body; Fastify passes a string with a JSON content type through untouched. */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

const serializeLinks = serializerOf(PageLinks);
const serializeMeta = serializerOf(PageMeta);

/** A page envelope (`data`, `links`, `meta`) around items that are already JSON text. */
export function pageText(items: string[], links: PageLinksBody, meta: PageMetaBody): string {
  return `{"data":[${items.join(',')}],"links":${serializeLinks(links)},"meta":${serializeMeta(meta)}}`;
}
