import type { FieldErrors } from '../domain/hours.ts';

export type { FieldErrors };

/**
 * The one error type routes and services throw. The error handler turns it into
 * `{"message", "errors"?}` with its status; anything else becomes a 500 without internals.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static notFound(what = 'Resource'): ApiError {
    return new ApiError(404, `${what} not found.`);
  }

  /** 422 with field errors; the message names the first field, as clients often show only the message. */
  static invalid(errors: FieldErrors): ApiError {
    const fields = Object.keys(errors);
    const first = fields[0] ?? 'input';
    const firstMessage = errors[first]?.[0] ?? 'is invalid';
    const more = fields.length > 1 ? ` (and ${fields.length - 1} more error${fields.length > 2 ? 's' : ''})` : '';
    return new ApiError(422, `The ${first} field ${firstMessage}${more}.`, errors);
  }
}

/** Adds a message under a field, creating the list when needed. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
