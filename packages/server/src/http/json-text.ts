import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { PageLinks, PageMeta, type PageLinksBody, type PageMetaBody } from '../schemas/common.ts';

/**
 * A serialiser for one schema, as Fastify's own (fast-json-stringify): text built from parts with it is byte for byte
 * what the route's response schema would have produced from the whole object. Compiled on first use, so modules that
 * declare serialisers cost nothing at start-up.
 */
export function serializerOf<T extends TSchema>(schema: T): (value: Static<T>) => string {
  let serialize: ((value: Static<T>) => string) | undefined;
  return (value) => {
    serialize ??= fastJson(schema as AnySchema) as (value: Static<T>) => string;
    return serialize(value);
  };
}

/**
 * Pieces of JSON text written once into one buffer. A page joins hundreds of stored documents: as a string it
 * would be flattened, measured and encoded again by the socket, three passes over 150 KB; this is one.
 */
export function jsonBuffer(pieces: readonly string[]): Buffer {
  let bytes = 0;
  for (const piece of pieces) bytes += Buffer.byteLength(piece);
  const buffer = Buffer.allocUnsafe(bytes);
  let offset = 0;
  for (const piece of pieces) offset += buffer.write(piece, offset);
  return buffer;
}

/** Sends a body that already is JSON; Fastify passes a buffer through untouched, with the type given here. */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

const serializeLinks = serializerOf(PageLinks);
const serializeMeta = serializerOf(PageMeta);

/** A page envelope (`data`, `links`, `meta`) around items that each write their own JSON pieces. */
export function pageBuffer<T>(items: readonly T[], writeItem: (item: T, pieces: string[]) => void, links: PageLinksBody, meta: PageMetaBody): Buffer {
  const pieces = ['{"data":['];
  items.forEach((item, index) => {
    if (index > 0) pieces.push(',');
    writeItem(item, pieces);
  });
  pieces.push(`],"links":${serializeLinks(links)},"meta":${serializeMeta(meta)}}`);
  return jsonBuffer(pieces);
}
