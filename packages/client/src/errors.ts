/** Field errors of a 422, keyed by field; nested keys use dots (`hours.mon`, `fields.Manager`). */
export type FieldErrors = Record<string, string[]>;

/** Every error the client throws is a `LocatorError`. */
export class LocatorError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LocatorError';
  }
}

/** What the client knows about the request that failed. */
export interface FailedRequest {
  method: string;
  url: string;
}

/**
 * The server answered with an error status (after any retries): `status`, the server's `message`, `fieldErrors`
 * (non-empty on 422), the `requestId` to quote in a report, and on 429 `retryAfterSeconds`.
 */
export class LocatorApiError extends LocatorError {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly request: FailedRequest;
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    message: string;
    fieldErrors?: FieldErrors;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
    request: FailedRequest;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'LocatorApiError';
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.request = init.request;
    this.body = init.body;
  }
}

/** No answer arrived: the connection failed or dropped, or the attempt timed out (after any retries). */
export class LocatorNetworkError extends LocatorError {
  readonly request: FailedRequest;

  constructor(request: FailedRequest, cause: unknown) {
    super(
      `${request.method} ${request.url} got no response: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'LocatorNetworkError';
    this.request = request;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrorsOf(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages))
      errors[field] = messages.filter((message): message is string => typeof message === 'string');
  }
  return errors;
}

/** The error for a response with an error status, read from the server's `{"message", "errors"?}` body. */
export function apiErrorOf(
  response: { status: number; statusText: string; headers: Headers },
  body: unknown,
  request: FailedRequest,
  retryAfterSeconds: number | undefined,
): LocatorApiError {
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : `HTTP ${response.status} ${response.statusText}`.trim();
  const requestId =
    response.headers.get('x-request-id') ??
    (isRecord(body) && typeof body.request_id === 'string' ? body.request_id : undefined);
  return new LocatorApiError({
    status: response.status,
    message,
    fieldErrors: isRecord(body) ? fieldErrorsOf(body.errors) : {},
    requestId,
    retryAfterSeconds,
    request,
    body,
  });
}
