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

/** The number of a slug of `base`: 1 for `base` itself, `n` for `base-n`. */
function numberOfSlug(slug: string, base: string): number {
  return slug === base ? 1 : Number(slug.slice(base.length + 1));
}

/**
 * `count` free slugs of one name for locations created together, in few lookups: the first as `freeSlug` finds it,
 * the next among the numbers after it.
 * @example await freeSlugs('main-st', 3, async () => new Set()) // ["main-st", "main-st-2", "main-st-3"]
 */
export async function freeSlugs(base: string, count: number, takenAmong: TakenAmong): Promise<string[]> {
  const first = await freeSlug(base, takenAmong);
  const slugs = [first];
  for (let next = numberOfSlug(first, base) + 1; slugs.length < count; ) {
    const candidates = Array.from({ length: count - slugs.length }, (_, index) => nthSlug(base, next + index));
    const taken = await takenAmong(candidates);
    slugs.push(...candidates.filter((slug) => !taken.has(slug)));
    next += candidates.length;
  }
  return slugs;
}

/**
 * A free slug for each of many new locations (an import's batch), given each one's `slugify`d name, in a lookup for
 * them all and a few more per name that is taken or repeated. No two get the same slug, also where one name's
 * numbered slug is another's plain one (`main-2`).
 * @example await freeSlugsFor(['a', 'b', 'a'], async () => new Set()) // ["a", "b", "a-2"]
 */
export async function freeSlugsFor(bases: readonly string[], takenAmong: TakenAmong): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const base of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
  const takenAtFirst = await takenAmong([...counts.keys()]);
  const given = new Map<string, string[]>();
  const assigned = new Set<string>();
  for (const [base, count] of counts) {
    if (count === 1 && !takenAtFirst.has(base)) {
      given.set(base, [base]);
      assigned.add(base);
    }
  }
  const takenOrAssigned: TakenAmong = async (slugs) => {
    const taken = new Set(await takenAmong(slugs));
    for (const slug of slugs) if (assigned.has(slug)) taken.add(slug);
    return taken;
  };
  for (const [base, count] of counts) {
    if (given.has(base)) continue;
    const slugs = await freeSlugs(base, count, takenOrAssigned);
    for (const slug of slugs) assigned.add(slug);
    given.set(base, slugs);
  }
  return bases.map((base) => {
    const slug = given.get(base)?.shift();
    if (slug === undefined) throw new Error(`no slug was found for "${base}"`);
    return slug;
  });
}
