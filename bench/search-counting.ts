// What counting a search for the analytics costs, in µs per search: the work the search route adds after answering
// (`countedSearchOf`, the day, the tally's map updates), over the benchmark's searches, in this process alone. The
// flush (every ANALYTICS_FLUSH_SECONDS) is not per search and is left out.
//
//   npx tsx bench/search-counting.ts
import { performance } from 'node:perf_hooks';
import { utcDayOf } from '../packages/server/src/domain/search-analytics.ts';
import { countedSearchOf } from '../packages/server/src/features/analytics/analytics.service.ts';
import { SearchTally } from '../packages/server/src/features/analytics/search-tally.ts';
import type { LocationSearch, SearchResult } from '../packages/server/src/features/finder/index.ts';
import { requestFor, SEARCHES_ONLY } from './operations.ts';
import { median } from './report.ts';
import { seededRandom } from './seed-data.ts';

const SEARCHES = 20_000;
const ROUNDS = 7;

const context = SEARCHES_ONLY;
const random = seededRandom(1);
const searches = Array.from({ length: SEARCHES }, (_, n): [LocationSearch, SearchResult] => {
  const query = new URL(`http://bench${requestFor('public-search', context, n, random).path}`).searchParams;
  const point = { lat: Number(query.get('lat')), lng: Number(query.get('lng')) };
  const search: LocationSearch = {
    place: { kind: 'point', point },
    radiusKm: 50,
    limit: 20,
    filters: { names: [query.get('filters') ?? ''], match: 'all' },
    fallback: true,
  };
  // Only what counting reads of a result: whether it found anything, and whether the fallback did.
  const result: SearchResult = {
    origin: { ...point, label: null, precision: null },
    hits: [],
    fallback: n % 10 === 0,
    from: 'index',
  };
  return [search, result];
});

const perSearch: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const tally = new SearchTally();
  const started = performance.now();
  for (const [search, result] of searches) tally.countSearch(1, utcDayOf(Date.now()), countedSearchOf(search, result));
  perSearch.push(((performance.now() - started) * 1000) / SEARCHES);
}
console.log(
  `counting a search: ${median(perSearch).toFixed(2)} µs (median of ${ROUNDS} rounds of ${SEARCHES.toLocaleString('en-US')}; rounds ${perSearch.map((us) => us.toFixed(2)).join(', ')})`,
);
