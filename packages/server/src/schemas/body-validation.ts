import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import type { FieldErrors } from '../domain/errors.ts';
import { fieldErrorsFromValidation } from './validation-errors.ts';

/**
 * The validator of request bodies (strict: JSON types only, unknown keys rejected, every error reported) or, with
 * `coerceTypes`, of paths and query strings, which arrive as text. The HTTP layer compiles every route's schemas with
 * it; the import checks each row against the V2 write bodies with it, so both refuse the same values in the same words.
 */
export function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes, removeAdditional: false, useDefaults: true, strict: false });
  addFormats.default(ajv, ['email', 'date-time', 'date', 'uri']);
  return ajv;
}

/**
 * A check of values against a body schema that answers field errors as a `422` would name them, or undefined when
 * the value is valid. Compiled on its first use.
 * @example bodyCheck(LocationPatchV2)({ lat: 91 }) // { lat: ['must be <= 90'] }
 */
export function bodyCheck(schema: TSchema): (value: unknown) => FieldErrors | undefined {
  let validate: ValidateFunction | undefined;
  return (value) => {
    validate ??= createAjv(false).compile(schema);
    return validate(value) ? undefined : fieldErrorsFromValidation(validate.errors ?? []);
  };
}
