import { describe, expect, it } from 'vitest';
import { freeSlug, nthSlug } from '../../src/domain/slug.ts';

// The search for a free slug, against sets of taken slugs in memory; the slugs new locations get through the API are
// tested in test/integration/location-slugs.test.ts.

describe('the free-slug search', () => {
  /** Lookups against a set of taken slugs, counted. */
  const lookups = (taken: ReadonlySet<string>) => {
    const asked: string[][] = [];
    const takenAmong = async (slugs: string[]) => {
      asked.push(slugs);
      return new Set(slugs.filter((slug) => taken.has(slug)));
    };
    return { asked, takenAmong };
  };
  const run = (base: string, count: number, except: number[] = []) =>
    new Set(
      Array.from({ length: count }, (_, index) => index + 1)
        .filter((n) => !except.includes(n))
        .map((n) => nthSlug(base, n)),
    );

  it('takes the base when it is free, in one lookup of one slug', async () => {
    const { asked, takenAmong } = lookups(new Set(['other']));
    expect(await freeSlug('main-st', takenAmong)).toBe('main-st');
    expect(asked).toEqual([['main-st']]);
  });

  it('takes the first free of base-2 … base-16, gaps included, in two lookups', async () => {
    expect(await freeSlug('main-st', lookups(run('main-st', 3)).takenAmong)).toBe('main-st-4');
    const gap = lookups(run('main-st', 12, [5]));
    expect(await freeSlug('main-st', gap.takenAmong)).toBe('main-st-5');
    expect(gap.asked).toHaveLength(2);
    expect(await freeSlug('main-st', lookups(run('main-st', 16)).takenAmong)).toBe('main-st-17');
  });

  it('finds the end of a long run of one name in a few lookups', async () => {
    for (const count of [17, 31, 32, 33, 100, 1001, 4096, 4097, 50_000]) {
      const { asked, takenAmong } = lookups(run('kiosk', count));
      expect(await freeSlug('kiosk', takenAmong)).toBe(nthSlug('kiosk', count + 1));
      expect(asked.length).toBeLessThanOrEqual(8);
      expect(Math.max(...asked.map((slugs) => slugs.length))).toBeLessThanOrEqual(26);
    }
  });

  it('past base-16, finds a free slug whose predecessor is taken, whatever the gaps', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let trial = 0; trial < 200; trial += 1) {
      const count = 17 + Math.floor(random() * 3000);
      const gaps = Array.from({ length: Math.floor(random() * 5) }, () => 17 + Math.floor(random() * count));
      const taken = run('cafe', count, gaps);
      const slug = await freeSlug('cafe', lookups(taken).takenAmong);
      const n = Number(slug.slice('cafe-'.length));
      expect(taken.has(slug)).toBe(false);
      expect(taken.has(nthSlug('cafe', n - 1))).toBe(true);
    }
  });
});
