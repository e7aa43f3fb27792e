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

/**
 * Validators are compiled once per distinct schema and kind: routes declare equal parameter and query schemas as
 * separate objects (the project ID alone on a dozen routes), which Ajv would compile again for each.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const bodies = createAjv(false);
  const parameters = createAjv(true);
  const compiled = new Map<string, ValidateFunction>();
  return ({ schema, httpPart }) => {
    const isBody = httpPart === 'body';
    const key = `${isBody ? 'body' : 'text'}:${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = (isBody ? bodies : parameters).compile(schema as object);
      compiled.set(key, validate);
    }
    return validate;
  };
}
