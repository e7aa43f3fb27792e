import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/**
 * Bodies are validated strictly: JSON types only (no "12.5" for a number), unknown keys rejected,
 * every error reported. Paths and query strings arrive as text, so there types are coerced.
 */
function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes, removeAdditional: false, useDefaults: true, strict: false });
  addFormats.default(ajv, ['email', 'date-time', 'date', 'uri']);
  return ajv;
}

export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const bodies = createAjv(false);
  const parameters = createAjv(true);
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodies : parameters).compile(schema as object) as ValidateFunction;
}
