/**
 * A geocoding provider could not answer (unreachable, timed out, over its quota, refused the key). Distinct from a
 * `null` answer, which means the provider looked and found nothing: a failure is never cached, and `retryable` tells
 * a job queue whether asking again later can help (it cannot for a refused API key until the configuration changes).
 */
export class GeocoderError extends Error {
  override name = 'GeocoderError';
  readonly provider: string;
  readonly retryable: boolean;

  constructor(provider: string, message: string, { retryable, cause }: { retryable: boolean; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.provider = provider;
    this.retryable = retryable;
  }
}
