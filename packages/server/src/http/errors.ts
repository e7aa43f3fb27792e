/**
 * An answer decided by the HTTP layer itself (no or a wrong token, a missing scope), with its status and headers.
 * Rules of the domain throw `DomainError`s instead (`domain/errors.ts`); the error handler answers both.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
