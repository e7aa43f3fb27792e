import type { ValidateFunction } from 'ajv';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { createAjv } from '../schemas/body-validation.ts';

type Validator = ReturnType<FastifySchemaCompiler<FastifySchema>>;

/**
 * Bodies are validated strictly: JSON types only (no "12.5" for a number), unknown keys rejected, every error
 * reported. Paths and query strings arrive as text, so there types are coerced (`schemas/body-validation.ts`).
 * Validators are compiled once per distinct schema and kind: routes declare equal parameter and query schemas as
 * separate objects (the project ID alone on a dozen routes), which Ajv would compile again for each. And each is
 * compiled on its first use, not when its route is registered: compiling all of them took a third of a second of
 * every start, most of it for routes a given deployment rarely calls.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const bodies = createAjv(false);
  const parameters = createAjv(true);
  const compiled = new Map<string, Validator>();
  return ({ schema, httpPart }) => {
    const isBody = httpPart === 'body';
    const key = `${isBody ? 'body' : 'text'}:${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = compiledOnFirstUse(() => (isBody ? bodies : parameters).compile(schema as object));
      compiled.set(key, validate);
    }
    return validate;
  };
}

/** A validator that compiles itself when first called; Fastify reads a failed validation's `errors` from it. */
function compiledOnFirstUse(compile: () => ValidateFunction): Validator {
  let validate: ValidateFunction | undefined;
  const validator: Validator = (data: unknown) => {
    validate ??= compile();
    const valid = validate(data);
    validator.errors = validate.errors;
    return valid;
  };
  return validator;
}
