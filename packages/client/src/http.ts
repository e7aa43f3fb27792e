import { apiErrorOf, type FailedRequest, LocatorNetworkError } from './errors.ts';
import {
  DEFAULT_RETRY_POLICY,
  isRetrySafe,
  type RetryOptions,
  type RetryPolicy,
  type RetryReason,
  retryAfterMs,
  retryDecision,
} from './retry-policy.ts';

/** The subset of `fetch` the client uses; the global `fetch` of browsers, Node 20+, Deno and Bun fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Told before each retry, e.g. to log it. */
export interface RetryEvent {
  method: string;
  url: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  reason: RetryReason;
  /** The status that failed, absent when no answer arrived. */
  status?: number;
  delayMs: number;
}

/** What every client takes, whichever credential it sends. */
interface ConnectionOptions {
  /** Where the service runs, e.g. `https://locator.example.com`; the client adds `/api/v2/...` or `/api/...`. */
  baseUrl: string;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
  /** Retry settings, or `false` to send every request once. */
  retry?: RetryOptions | false;
  /** Longest wait for one attempt, answer body included (default 30 s); a timed-out attempt counts as no answer. */
  timeoutMs?: number;
  /** Sent with every request. */
  headers?: Record<string, string>;
  onRetry?: (event: RetryEvent) => void;
}

/** A client that sends a token in `Authorization: Bearer`: scripts, servers, integrations. */
export interface TokenClientOptions extends ConnectionOptions {
  /** V2: an API token (`lct2_…`). V1: the legacy token (`lct1_…`). */
  token: string;
  session?: never;
}

/**
 * A browser signed in to the server it was served by (the dashboard): the browser sends the session cookie, the
 * client adds the session's CSRF token to every request that may change something. V2 only.
 */
export interface SessionClientOptions extends ConnectionOptions {
  token?: never;
  session: {
    /**
     * The `csrf_token` the session answers (`POST` or `GET /api/v2/session`), sent as `X-CSRF-Token` on every request
     * other than GET, HEAD and OPTIONS; a function is asked at each request, so a new sign-in needs no new client.
     */
    csrfToken: string | (() => string | undefined);
    /** Whether `fetch` sends the cookie: default `same-origin` (the dashboard is served by the API's own server). */
    credentials?: 'omit' | 'same-origin' | 'include';
  };
}

export type ClientOptions = TokenClientOptions | SessionClientOptions;

/** Per-call settings. */
export interface CallOptions {
  /** Aborts the call, retries and waits included. */
  signal?: AbortSignal;
}

/** Per-call settings of a create (POST). */
export interface CreateOptions extends CallOptions {
  /**
   * The `Idempotency-Key` of this create; default a new random UUID per call. Retries of the call reuse it, so a
   * create whose answer was lost is never made twice. Pass your own stable key (at most 255 characters) to make a
   * create safe to repeat across runs of your program within 24 hours.
   */
  idempotencyKey?: string;
}

/** Query values as the API takes them; undefined values are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

export interface SendOptions extends CreateOptions {
  query?: QueryValues;
  body?: unknown;
  /**
   * A POST the server does not deduplicate by `Idempotency-Key` (a webhook endpoint, a publishable key): sent
   * without one, and not sent again after a lost answer or a server error, which might make it twice. A `429` is
   * still waited for and retried: the server did nothing with that request.
   */
  once?: boolean;
  /** A body sent as it is with its media type (an import's file), instead of `body` as JSON. */
  file?: { content: Blob | ArrayBuffer | Uint8Array | string; contentType: string; name?: string };
  /** Headers of this request only (`If-Match`). */
  headers?: Record<string, string>;
}

/** A success's parsed body with its `ETag` (undefined when the answer carries none). */
export interface TaggedAnswer<Body> {
  body: Body;
  etag: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Methods that change nothing, so a session sends them without its CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Waits `ms`, or rejects with the signal's reason once it aborts; leaves no listener behind either way. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One answer, read to its end. */
interface Answer {
  response: Response;
  body: unknown;
}

/**
 * Sends JSON requests with the token (or the session's cookie and CSRF token), retrying as `retry-policy.ts` decides, and turns error statuses into
 * `LocatorApiError` and lost answers into `LocatorNetworkError`. Uses only what browsers have.
 */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly policy: RetryPolicy;
  private readonly headers: Record<string, string>;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Looked up per call and called on globalThis: browsers refuse a `fetch` detached from its global.
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.policy =
      options.retry === false ? { ...DEFAULT_RETRY_POLICY, retries: 0 } : { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.headers = {
      accept: 'application/json',
      ...options.headers,
      ...(options.session ? {} : { authorization: `Bearer ${options.token}` }),
    };
  }

  /** The session's CSRF header of a request that may change something, or nothing (GET, HEAD, OPTIONS; a token). */
  private csrfHeader(method: string): Record<string, string> {
    const session = this.options.session;
    if (!session || SAFE_METHODS.has(method)) return {};
    const token = typeof session.csrfToken === 'function' ? session.csrfToken() : session.csrfToken;
    return token ? { 'x-csrf-token': token } : {};
  }

  /** The absolute URL of an API path (`/api/v2/...`) with its query. */
  urlFor(path: string, query: QueryValues = {}): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.append(key, String(value));
    const queryText = search.toString();
    return `${this.baseUrl}${path}${queryText ? `?${queryText}` : ''}`;
  }

  /**
   * Sends a request and answers the parsed JSON body of a success, typed as the caller says: the client trusts the
   * server's OpenAPI document (which its types come from) and does not validate answers again. Every POST carries
   * an `Idempotency-Key`, which makes it as safe to retry as a GET.
   */
  async send<Body>(method: string, path: string, options: SendOptions = {}): Promise<Body> {
    return (await this.sendTagged<Body>(method, path, options)).body;
  }

  /** As `send`, with the answer's `ETag`: what a later write sends back in `If-Match`. */
  async sendTagged<Body>(method: string, path: string, options: SendOptions = {}): Promise<TaggedAnswer<Body>> {
    const url = this.urlFor(path, options.query);
    const headers: Record<string, string> = { ...this.headers, ...options.headers, ...this.csrfHeader(method) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.file) headers['content-type'] = options.file.contentType;
    if (options.file?.name)
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(options.file.name)}`;
    if (method === 'POST' && !options.once) headers['idempotency-key'] = options.idempotencyKey ?? crypto.randomUUID();
    const payload = options.file
      ? fileBody(options.file.content)
      : options.body !== undefined
        ? JSON.stringify(options.body)
        : undefined;
    const init: RequestInit = {
      method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
      ...(this.options.session ? { credentials: this.options.session.credentials ?? 'same-origin' } : {}),
    };
    const request: FailedRequest = { method, url };
    const { response, body } = await this.withRetries(
      request,
      init,
      isRetrySafe(method, 'idempotency-key' in headers),
      options.signal,
    );
    if (!response.ok) throw apiErrorOf(response, body, request, retryAfterSeconds(response));
    return { body: body as Body, etag: response.headers.get('etag') ?? undefined };
  }

  private async withRetries(
    request: FailedRequest,
    init: RequestInit,
    retrySafe: boolean,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    let waitedMs = 0;
    for (let attempt = 1; ; attempt += 1) {
      let answer: Answer | undefined;
      let failure: unknown;
      try {
        answer = await this.attempt(request.url, init, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        failure = error;
      }
      const outcome = answer
        ? {
            kind: 'response' as const,
            status: answer.response.status,
            retryAfterMs: retryAfterMs(answer.response.headers.get('retry-after'), Date.now()),
          }
        : { kind: 'network-error' as const };
      const decision = retryDecision(this.policy, outcome, { attempt, waitedMs, retrySafe });
      if (!decision) {
        if (answer) return answer;
        throw new LocatorNetworkError(request, failure);
      }
      this.options.onRetry?.({
        ...request,
        attempt,
        reason: decision.reason,
        ...(answer ? { status: answer.response.status } : {}),
        delayMs: decision.delayMs,
      });
      await sleep(decision.delayMs, signal);
      waitedMs += decision.delayMs;
    }
  }

  /** One attempt, bounded by the timeout; the body is read here so that an answer cut off midway counts as none. */
  private async attempt(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const response = await this.fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    return { response, body: parseBody(await response.text()) };
  }
}

/** A file as `fetch` takes it; bytes in a view of any buffer (a Node `Buffer`) are copied into one of their own. */
function fileBody(content: Blob | ArrayBuffer | Uint8Array | string): BodyInit {
  return content instanceof Uint8Array ? new Uint8Array(content) : content;
}

function retryAfterSeconds(response: Response): number | undefined {
  const ms = retryAfterMs(response.headers.get('retry-after'), Date.now());
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}
