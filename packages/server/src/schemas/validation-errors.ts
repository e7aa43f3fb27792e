import type { ErrorObject } from 'ajv';
import { addFieldError, type FieldErrors } from '../domain/errors.ts';

/** `/callsToAction/Order online` → `callsToAction.Order online` (JSON Pointer unescaped, dots between). */
function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

const BLANK = 'must not be blank';

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/**
 * Turns schema-validation errors into field errors keyed with dots (`hours.mon`).
 * Alternatives of a union (`string` or `null`) are merged into one readable sentence.
 */
export function fieldErrorsFromValidation(validation: readonly ErrorObject[]): FieldErrors {
  const errors: FieldErrors = {};
  const expectedTypes = new Map<string, Set<string>>();
  const allowedValues = new Map<string, Set<unknown>>();
  const otherMessages = new Map<string, Set<string>>();
  const unionFields = new Set<string>();

  for (const error of validation) {
    const field = pointerToField(error.instancePath);
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        addFieldError(errors, join(field, String(params.missingProperty)), 'is required');
        break;
      case 'additionalProperties':
        addFieldError(errors, join(field, String(params.additionalProperty)), 'is not a known field');
        break;
      case 'type': {
        const types = Array.isArray(params.type) ? params.type : [params.type];
        const set = expectedTypes.get(field) ?? new Set<string>();
        for (const type of types) set.add(String(type));
        expectedTypes.set(field, set);
        break;
      }
      case 'anyOf':
      case 'oneOf':
        unionFields.add(field);
        break;
      case 'const':
      case 'enum': {
        // Each literal of a union fails on its own; gathered, they make one list of what is allowed.
        const set = allowedValues.get(field) ?? new Set<unknown>();
        for (const value of (params.allowedValues as unknown[] | undefined) ?? [params.allowedValue]) set.add(value);
        allowedValues.set(field, set);
        break;
      }
      case 'format':
        addMessage(otherMessages, field, formatMessage(String(params.format)));
        break;
      case 'pattern':
        addMessage(otherMessages, field, patternMessage(String(params.pattern)));
        break;
      case 'minLength':
        addMessage(
          otherMessages,
          field,
          Number(params.limit) === 1 ? BLANK : `must be at least ${String(params.limit)} characters`,
        );
        break;
      case 'maxLength':
        addMessage(otherMessages, field, `must be at most ${String(params.limit)} characters`);
        break;
      default:
        addMessage(otherMessages, field, error.message ?? 'is invalid');
    }
  }

  for (const [field, types] of expectedTypes) {
    // A value of the right type that failed another check explains itself better than the type list.
    if (unionFields.has(field) && otherMessages.has(field)) continue;
    addFieldError(errors, field, `must be ${[...types].map((type) => TYPE_NAMES[type] ?? type).join(' or ')}`);
  }
  for (const [field, values] of allowedValues) {
    // In a union a literal is an alternative (`""` beside an email address): the other alternative's message says more.
    if (unionFields.has(field) && (otherMessages.has(field) || expectedTypes.has(field))) continue;
    addFieldError(errors, field, `must be one of: ${[...values].map((value) => JSON.stringify(value)).join(', ')}`);
  }
  for (const [field, messages] of otherMessages) for (const message of messages) addFieldError(errors, field, message);
  for (const field of unionFields) if (!errors[field]) addFieldError(errors, field, 'is invalid');
  // An error about the whole body (not an object, say) is reported under `body`.
  if (errors['']) {
    errors.body = errors[''];
    delete errors[''];
  }
  return errors;
}

function addMessage(map: Map<string, Set<string>>, field: string, message: string): void {
  const set = map.get(field) ?? new Set<string>();
  set.add(message);
  map.set(field, set);
}

/** The patterns our schemas use, in words; any other reads as a bad format. */
function patternMessage(pattern: string): string {
  if (pattern === '\\S') return BLANK;
  if (pattern.startsWith('^https?://')) return 'must be an http(s) URL';
  return 'has an invalid format';
}

function formatMessage(format: string): string {
  switch (format) {
    case 'email':
      return 'must be a valid email address';
    case 'date-time':
      return 'must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z';
    case 'uri':
      return 'must be a URL';
    default:
      return `must match the ${format} format`;
  }
}
