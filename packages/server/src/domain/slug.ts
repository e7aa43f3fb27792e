/**
 * A URL-safe slug from a name: lower case ASCII, accents folded, words joined by hyphens.
 * @example slugify('Café Zürich — Main St.') // "cafe-zurich-main-st"
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'location';
}

/** The `n`-th slug of `base`: `base` itself for 1, then `base-2`, `base-3`, … */
export function nthSlug(base: string, n: number): string {
  return n === 1 ? base : `${base}-${n}`;
}

/** Which of these slugs are taken (exact matches, so each is one index probe). */
export type TakenAmong = (slugs: string[]) => Promise<ReadonlySet<string>>;

/** How many of `base-2`, `base-3`, … are looked up together once `base` is taken: a name shared by a few stores. */
const FIRST_DUPLICATES = 15;
/** Points a search round looks up at once: a 16-ary search needs 3 rounds for 4,096 stores of one name. */
const SEARCH_POINTS = 15;
/** `base-32`, `base-64`, … up to a billion: where a long run of taken slugs ends, to the power of two. */
const POWERS = Array.from({ length: 26 }, (_, index) => 2 ** (index + 5));

/**
 * A free slug of `base`, in few lookups however many locations share the name. `base` when free, else the first
 * free of `base-2` … `base-16`; past those, a chain's thousandth store of one name would take a thousand probes to
 * find the very first gap, so the search finds the end of the run of taken ones instead: doubling from `base-32`
 * to the first free power of two, then narrowing that interval 16 ways a round. The slug found is free and the one
 * before it taken; a gap left below it by a deleted location stays unused. About 6 lookups at 4,000 stores.
 * @example await freeSlug('main-st', async (slugs) => new Set(slugs.filter((s) => s === 'main-st'))) // "main-st-2"
 */
export async function freeSlug(base: string, takenAmong: TakenAmong): Promise<string> {
  if (!(await takenAmong([base])).has(base)) return base;
  const duplicates = Array.from({ length: FIRST_DUPLICATES }, (_, index) => nthSlug(base, index + 2));
  const takenDuplicates = await takenAmong(duplicates);
  const firstFree = duplicates.find((slug) => !takenDuplicates.has(slug));
  if (firstFree) return firstFree;
  // Taken: `lo`; free: `hi`. Narrowed until they are neighbours.
  const takenPowers = await takenAmong(POWERS.map((n) => nthSlug(base, n)));
  let hi = POWERS.find((n) => !takenPowers.has(nthSlug(base, n)));
  if (hi === undefined) throw new Error(`every probed slug of "${base}" is taken`);
  let lo = Math.max(FIRST_DUPLICATES + 1, hi / 2);
  while (hi - lo > 1) {
    const step = Math.max(1, Math.floor((hi - lo) / (SEARCH_POINTS + 1)));
    const points: number[] = [];
    for (let n = lo + step; n < hi && points.length < SEARCH_POINTS; n += step) points.push(n);
    const taken = await takenAmong(points.map((n) => nthSlug(base, n)));
    const free = points.findIndex((n) => !taken.has(nthSlug(base, n)));
    if (free === -1) lo = points.at(-1) ?? lo;
    else [lo, hi] = [points[free - 1] ?? lo, points[free] ?? hi];
  }
  return nthSlug(base, hi);
}
