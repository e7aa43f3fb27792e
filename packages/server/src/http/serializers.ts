import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

/**
 * Response serialisers (fast-json-stringify, as Fastify's default), compiled once per distinct schema. Every route
 * answers each of its error statuses with the same body schema, so Fastify alone would compile some three hundred
 * serialisers at start-up, most of them the same one; sharing them takes about a tenth off the start.
 */
export function createSerializerCompiler(): FastifySerializerCompiler<unknown> {
  const compiled = new Map<string, (data: unknown) => string>();
  return ({ schema }) => {
    const key = JSON.stringify(schema);
    let serialize = compiled.get(key);
    if (!serialize) {
      serialize = fastJson(schema as AnySchema);
      compiled.set(key, serialize);
    }
    return serialize;
  };
}
