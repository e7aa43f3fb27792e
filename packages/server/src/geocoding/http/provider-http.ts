import pRetry, { AbortError } from 'p-retry';
import pThrottle from 'p-throttle';
import { abortable } from '../abortable.ts';
import { GeocoderError } from '../geocoder-error.ts';

export interface ProviderHttpOptions {
  /** Provider name, as errors report it. */
  provider: string;
  userAgent: string;
  /** Bound of one HTTP attempt, including reading its body. */
  requestTimeoutMs: number;
  /** Rate cap: attempts (first tries and retries alike) are spaced at least `1000 / requestsPerSecond` ms apart. */
  requestsPerSecond: number;
  /** Further attempts after a failure that may pass (429, 5xx, network error, timeout). Default 2. */
  retries?: number;
  /** Wait before the first retry, doubled for each next one and multiplied by a random 1 to 2. Default 500 ms. */
  retryDelayMs?: number;
  /** Longest wait between two attempts. Default 8 s. */
  maxRetryDelayMs?: number;
}

export interface ProviderHttp {
  /**
   * GETs `url` as JSON and hands the body to `interpret`, which returns the answer or throws a `GeocoderError`
   * (retryable or not). Failures that may pass are retried with backoff; `signal` bounds the whole call, waits for
   * the rate cap and retries included, and its reason is what the call rejects with once it fires.
   */
  getJson<T>(url: URL, interpret: (body: unknown) => T, signal?: AbortSignal): Promise<T>;
}

/**
 * The HTTP side every online provider shares: native fetch with a per-attempt timeout, bounded retries with
 * exponential backoff and jitter, a rate cap per process, and an identifying User-Agent.
 * @example createProviderHttp({ provider: 'nominatim', userAgent: 'Locator/0.1.0', requestTimeoutMs: 2000, requestsPerSecond: 1 })
 */
export function createProviderHttp(options: ProviderHttpOptions): ProviderHttp {
  const { provider, userAgent, requestTimeoutMs } = options;
  const nextSlot = pThrottle({ limit: 1, interval: Math.ceil(1000 / options.requestsPerSecond), strict: true })(
    async () => undefined,
  );

  async function attempt(url: URL, signal: AbortSignal | undefined): Promise<unknown> {
    await abortable(nextSlot(), signal);
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(requestTimeoutMs);
    const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: attemptSignal,
      });
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        throw new GeocoderError(provider, `${provider} answered HTTP ${response.status}`, { retryable: true });
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new GeocoderError(provider, `${provider} refused the request with HTTP ${response.status}`, {
          retryable: false,
        });
      }
      return await response.json();
    } catch (error) {
      if (error instanceof GeocoderError) throw error;
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new GeocoderError(provider, `${provider} did not answer within ${requestTimeoutMs} ms`, {
          retryable: true,
          cause: error,
        });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new GeocoderError(provider, `${provider} could not be reached: ${reason}`, {
        retryable: true,
        cause: error,
      });
    }
  }

  return {
    async getJson(url, interpret, signal) {
      let attempts = 0;
      const answer = pRetry(
        async () => {
          attempts += 1;
          try {
            return interpret(await attempt(url, signal));
          } catch (error) {
            // Only what may pass is tried again; the rest (a refused key, the caller's deadline) ends the call now.
            if (error instanceof GeocoderError && error.retryable) throw error;
            throw new AbortError(error instanceof Error ? error : new Error(String(error)));
          }
        },
        {
          retries: options.retries ?? 2,
          minTimeout: options.retryDelayMs ?? 500,
          maxTimeout: options.maxRetryDelayMs ?? 8000,
          factor: 2,
          randomize: true,
          ...(signal ? { signal } : {}),
        },
      );
      return answer.catch((error: unknown) => {
        if (error instanceof GeocoderError && error.retryable && attempts > 1) {
          throw new GeocoderError(provider, `${error.message} (gave up after ${attempts} attempts)`, {
            retryable: true,
            cause: error,
          });
        }
        throw error;
      });
    },
  };
}
