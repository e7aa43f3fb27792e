/** What one load (one slice of one operation against one server) measured. */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with any status but the operation's expected one (a 200 is one for the 304 operation). */
  unexpected: number;
  /** Requests that got no answer: timeouts, refused or reset connections. */
  errors: number;
  statusCodes: Record<string, number>;
}

/**
 * Answers whose status is not the expected one. autocannon's own `non2xx` cannot say this: a 304 is the right
 * answer to a revalidation, and a 200 there means the server ignored `If-None-Match`.
 * @example unexpectedAnswers({ 304: 90, 200: 10 }, 304) // 10
 */
export function unexpectedAnswers(statusCodes: Readonly<Record<string, number>>, expectedStatus: number): number {
  return Object.entries(statusCodes).reduce(
    (total, [code, count]) => (Number(code) === expectedStatus ? total : total + count),
    0,
  );
}
