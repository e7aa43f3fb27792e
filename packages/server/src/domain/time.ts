/**
 * The time as the server reads it: milliseconds since the epoch. One clock is made at start and passed to everything
 * that needs the time (tests pass one they move); ISO 8601 text is made only where time is stored or answered.
 */
export type Clock = () => number;

/** The machine's clock: the one place the server reads the real time. */
export const systemClock: Clock = () => Date.now();

/**
 * A stored or answered timestamp: ISO 8601 UTC with `Z` and millisecond precision, so timestamps sort as text.
 * @example isoOf(0) // '1970-01-01T00:00:00.000Z'
 */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The instant an RFC 3339 date-time names, written as stored timestamps are (UTC, `Z`, milliseconds), or undefined
 * when it names none. A leap second (`23:59:60Z`) has no JavaScript date: it reads as the instant right after it.
 * @example instantOf('2026-01-31T13:00:00+01:00') // '2026-01-31T12:00:00.000Z'
 * @example instantOf('2016-12-31T23:59:60Z') // '2017-01-01T00:00:00.000Z'
 */
export function instantOf(text: string): string | undefined {
  const leapSecond = /^(.*[Tt ]\d\d:\d\d):60(.*)$/.exec(text);
  const time = leapSecond ? Date.parse(`${leapSecond[1] ?? ''}:59${leapSecond[2] ?? ''}`) + 1000 : Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
