/** Messages per input field, keyed with dots for nested keys (`hours.mon`, `fields.Manager`). */
export type FieldErrors = Record<string, string[]>;

/** Adds a message under a field, creating the list when needed. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const messages = errors[field];
  if (messages) messages.push(message);
  else errors[field] = [message];
}

/**
 * What a rule refused, in the words of the domain. Services and domain functions throw these; the HTTP error handler
 * turns each kind into its status (`http/error-handler.ts`) and the CLI prints the message.
 */
export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'not-found'
    | 'unauthorized'
    | 'forbidden'
    | 'invalid'
    | 'conflict'
    | 'precondition-failed'
    | 'gone'
    | 'unavailable';
}

/** Something named does not exist, or belongs to someone else (which callers must not be able to tell apart). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';

  /** @example throw NotFoundError.of('Location') // "Location not found." */
  static of(what: string): NotFoundError {
    return new NotFoundError(`${what} not found.`);
  }
}

/** The credential a request carries does not work (unknown or revoked). */
export class UnauthorizedError extends DomainError {
  readonly kind = 'unauthorized';
}

/** The caller is known but may not do this (a plan without API access, say). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** The request contradicts the state it meets (a name already taken, a request still running). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/**
 * A write's condition no longer holds: the version the caller read (`If-Match`) is not the saved one, because someone
 * else wrote in between.
 */
export class PreconditionFailedError extends DomainError {
  readonly kind = 'precondition-failed';
}

/** Something named existed once and is kept no longer (a change-feed cursor older than the retention). */
export class GoneError extends DomainError {
  readonly kind = 'gone';
}

/** A service this one depends on did not answer (a geocoder): asking again later may work. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
}

/** Input that breaks a rule; with field errors when they can be named. */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid';

  constructor(
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }

  /** Field errors, with a message naming the first field, as clients often show only the message. */
  static fields(errors: FieldErrors): InvalidInputError {
    const fields = Object.keys(errors);
    const first = fields[0] ?? 'input';
    const firstMessage = errors[first]?.[0] ?? 'is invalid';
    const more = fields.length > 1 ? ` (and ${fields.length - 1} more error${fields.length > 2 ? 's' : ''})` : '';
    return new InvalidInputError(`The ${first} field ${firstMessage}${more}.`, errors);
  }
}
