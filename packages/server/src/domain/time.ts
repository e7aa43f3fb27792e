/** Timestamps are ISO 8601 UTC with `Z` and millisecond precision, so they sort as text. */
export function isoNow(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}
