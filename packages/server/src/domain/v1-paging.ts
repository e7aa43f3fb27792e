export const V1_DEFAULT_LIMIT = 15;
export const V1_MAX_LIMIT = 100;

/** A query value as the query-string parser gives it: the last one counts when a key is repeated, as in PHP. */
type QueryValue = string | readonly string[] | undefined;

const lastOf = (value: QueryValue): string | undefined => (typeof value === 'string' ? value : value?.at(-1));

/** A positive whole number written in decimal digits (`"+3"` and `" 3 "` too), or undefined. */
function positiveIntegerOf(value: QueryValue): number | undefined {
  const text = lastOf(value)?.trim();
  if (!text || !/^\+?\d+$/.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/**
 * The V1 page size: an integer 1 to 100; anything else (missing, above 100, below 1, not an integer) is 15.
 * @example v1LimitOf('250') // 15
 * @example v1LimitOf('40') // 40
 */
export function v1LimitOf(value: QueryValue): number {
  const limit = positiveIntegerOf(value);
  return limit !== undefined && limit <= V1_MAX_LIMIT ? limit : V1_DEFAULT_LIMIT;
}

/**
 * The V1 page number: a positive integer, else 1 (V1 never rejects a page). A page so far out that its offset is
 * no longer an exact integer is also 1; such a page could only be empty anyway.
 * @example v1PageOf('abc') // 1
 */
export function v1PageOf(value: QueryValue, limit: number): number {
  const page = positiveIntegerOf(value);
  return page !== undefined && Number.isSafeInteger((page - 1) * limit) ? page : 1;
}

/**
 * The query parameters V1 links carry: every one the caller gave, with `limit` set to the size actually used, so
 * following a link never changes the page size, even when the caller's `limit` was invalid and fell back to 15.
 * Without a `limit` from the caller, links carry none (the default applies). `paginate` then sets `page`.
 * @example v1LinkQuery([['limit', '500'], ['x', '1']], 15) // [['limit', '15'], ['x', '1']]
 */
export function v1LinkQuery(pairs: readonly (readonly [string, string])[], limit: number): [string, string][] {
  const kept: [string, string][] = [];
  let limitPlaced = false;
  for (const [key, value] of pairs) {
    if (key !== 'limit') kept.push([key, value]);
    else if (!limitPlaced) {
      kept.push(['limit', String(limit)]);
      limitPlaced = true;
    }
  }
  return kept;
}
