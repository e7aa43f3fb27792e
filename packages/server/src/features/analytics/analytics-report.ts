import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { distanceKm } from '../../domain/geo.ts';
import {
  daysOf,
  foldRarePlaces,
  PLACE_MIN_SEARCHES,
  reportPeriod,
  VISITOR_ACTIONS,
  type VisitorAction,
} from '../../domain/search-analytics.ts';
import { actionCountsIn, metricCountsIn, placeCountsIn, visibleStorePoints } from './analytics.repository.ts';

const SEARCH_MEASURES = ['views', 'searches', 'zero_result', 'fallback'] as const;
type SearchMeasure = (typeof SEARCH_MEASURES)[number];

/** The counts of a day or a period. */
export type Counts = Record<SearchMeasure | VisitorAction, number>;

const noActions = () =>
  Object.fromEntries(VISITOR_ACTIONS.map((action) => [action, 0])) as Record<VisitorAction, number>;
const noCounts = (): Counts => ({ views: 0, searches: 0, zero_result: 0, fallback: 0, ...noActions() });

/** Places a report lists before the rest is folded into "other". */
const MAX_PLACES = 100;
/** Places the report of unserved demand lists. */
const MAX_UNSERVED = 50;

export interface ReportPlace {
  place: string;
  lat: number | null;
  lng: number | null;
  searches: number;
  zero_result: number;
  zero_result_share: number;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  totals: Counts;
  kinds: { text: number; position: number; area: number };
  daily: ({ date: string } & Counts)[];
  places: ReportPlace[];
  filters: { kind: 'filter' | 'type'; name: string; searches: number }[];
  locations: ({ id: string; name: string } & Record<VisitorAction, number>)[];
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

/** A project's report over a period of days (`reportPeriod`'s defaults and bounds). */
export async function reportOf(
  db: Kysely<Database>,
  projectId: number,
  asked: { from?: string; to?: string },
  now: number,
): Promise<AnalyticsReport> {
  const period = reportPeriod(asked.from, asked.to, now);
  const [metrics, places, actions] = await Promise.all([
    metricCountsIn(db, projectId, period),
    placeCountsIn(db, projectId, period),
    actionCountsIn(db, projectId, period),
  ]);
  const daily = new Map(daysOf(period).map((date) => [date, { date, ...noCounts() }]));
  const totals = noCounts();
  const kinds = { text: 0, position: 0, area: 0 };
  const filters = new Map<string, { kind: 'filter' | 'type'; name: string; searches: number }>();
  for (const { day, metric, key, count } of metrics) {
    if (metric === 'kind' && (key === 'text' || key === 'position' || key === 'area')) kinds[key] += count;
    else if (metric === 'filter' || metric === 'type') {
      const id = `${metric}|${key}`;
      const held = filters.get(id) ?? { kind: metric, name: key, searches: 0 };
      held.searches += count;
      filters.set(id, held);
    } else if ((SEARCH_MEASURES as readonly string[]).includes(metric)) {
      const measure = metric as SearchMeasure;
      totals[measure] += count;
      const row = daily.get(day);
      if (row) row[measure] += count;
    }
  }
  const locations = new Map<string, { id: string; name: string } & Record<VisitorAction, number>>();
  for (const { day, action, count, public_id, name } of actions) {
    if (!(VISITOR_ACTIONS as readonly string[]).includes(action)) continue;
    const kind = action as VisitorAction;
    totals[kind] += count;
    const row = daily.get(day);
    if (row) row[kind] += count;
    const location = locations.get(public_id) ?? { id: public_id, name, ...noActions() };
    location[kind] += count;
    locations.set(public_id, location);
  }
  const listed = foldRarePlaces(places, MAX_PLACES);
  const actionsOf = (row: Record<VisitorAction, number>) => VISITOR_ACTIONS.reduce((sum, kind) => sum + row[kind], 0);
  return {
    ...period,
    totals,
    kinds,
    daily: [...daily.values()],
    places: listed.map((place) => ({
      place: place.place,
      lat: place.lat,
      lng: place.lng,
      searches: place.searches,
      zero_result: place.zeroResult,
      zero_result_share: share(place.zeroResult, place.searches),
    })),
    filters: [...filters.values()].sort((a, b) => b.searches - a.searches || (a.name < b.name ? -1 : 1)),
    locations: [...locations.values()].sort((a, b) => actionsOf(b) - actionsOf(a) || (a.id < b.id ? -1 : 1)),
  };
}

export interface UnservedPlace {
  place: string;
  lat: number;
  lng: number;
  /** Searches from the place that found nothing in range (whether or not the fallback answered). */
  zero_result: number;
  searches: number;
  /** Kilometres from the place's point to the nearest visible store of the project; null when it has none. */
  nearest_store_km: number | null;
}

/**
 * The places (seen at least `PLACE_MIN_SEARCHES` times) with the most searches that found nothing in range, and how
 * far the nearest visible store is: where to open next.
 */
export async function unservedOf(
  db: Kysely<Database>,
  projectId: number,
  asked: { from?: string; to?: string },
  now: number,
): Promise<{ from: string; to: string; places: UnservedPlace[] }> {
  const period = reportPeriod(asked.from, asked.to, now);
  const places = (await placeCountsIn(db, projectId, period))
    .filter((place) => place.searches >= PLACE_MIN_SEARCHES && place.zeroResult > 0)
    .sort((a, b) => b.zeroResult - a.zeroResult || (a.place < b.place ? -1 : 1))
    .slice(0, MAX_UNSERVED);
  const stores = places.length > 0 ? await visibleStorePoints(db, projectId) : [];
  return {
    ...period,
    places: places.map((place) => {
      let nearest = Number.POSITIVE_INFINITY;
      for (const store of stores) nearest = Math.min(nearest, distanceKm(place, store));
      return {
        place: place.place,
        lat: place.lat,
        lng: place.lng,
        zero_result: place.zeroResult,
        searches: place.searches,
        nearest_store_km: Number.isFinite(nearest) ? Math.round(nearest * 10) / 10 : null,
      };
    }),
  };
}
