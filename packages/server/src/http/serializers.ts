import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

/**
 * Response serialisers (fast-json-stringify, as Fastify's default), compiled once per distinct schema and only on
 * first use. Every route answers each of its error statuses with the same body schema, so Fastify alone would compile
 * some three hundred serialisers at start-up, most of them the same one; and each compile builds an Ajv instance of
 * its own, which took a twentieth of a start for routes and statuses a given deployment may never answer.
 */
export function createSerializerCompiler(): FastifySerializerCompiler<unknown> {
  const compiled = new Map<string, (data: unknown) => string>();
  return ({ schema }) => {
    const key = JSON.stringify(schema);
    let serialize = compiled.get(key);
    if (!serialize) {
      let compiledSerialize: ((data: unknown) => string) | undefined;
      serialize = (data) => {
        compiledSerialize ??= fastJson(schema as AnySchema);
        return compiledSerialize(data);
      };
      compiled.set(key, serialize);
    }
    return serialize;
  };
}
