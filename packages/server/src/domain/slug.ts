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

/**
 * The first of `base`, `base-2`, `base-3`, … that is not taken.
 * @example uniqueSlug('main-st', new Set(['main-st'])) // "main-st-2"
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The slugs `uniqueSlug` tries, in its order: `count` of them from the `from`-th on (1 is `base` itself, 2 is
 * `base-2`), so callers can look taken ones up by exact match, a batch at a time.
 * @example slugCandidates('main-st', 1, 3) // ["main-st", "main-st-2", "main-st-3"]
 */
export function slugCandidates(base: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => (from + index === 1 ? base : `${base}-${from + index}`));
}
