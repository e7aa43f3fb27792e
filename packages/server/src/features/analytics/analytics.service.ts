import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import {
  dayPlus,
  placeOfSearch,
  type SearchKind,
  utcDayOf,
  type VisitorAction,
} from '../../domain/search-analytics.ts';
import type { Clock } from '../../domain/time.ts';
import { accessibleProject } from '../accounts/index.ts';
import type { LocationSearch, SearchResult } from '../finder/index.ts';
import { findLocationId } from './analytics.repository.ts';
import { writeBatch } from './analytics-flush.ts';
import { type AnalyticsReport, reportOf, type UnservedPlace, unservedOf } from './analytics-report.ts';
import { type CountedSearch, SearchTally } from './search-tally.ts';

const KINDS: Record<LocationSearch['place']['kind'], SearchKind> = { address: 'text', point: 'position', box: 'area' };

/**
 * What a search adds to its project's counts. Its place: where a text search was geocoded to, or the position's; a
 * map's area has none (what a map shows is not where a visitor is).
 */
export function countedSearchOf(search: LocationSearch, result: SearchResult): CountedSearch {
  const { place } = search;
  const searched =
    place.kind === 'address'
      ? result.origin && placeOfSearch(result.origin, result.origin.precision)
      : place.kind === 'point'
        ? placeOfSearch(place.point, null)
        : null;
  return {
    kind: KINDS[place.kind],
    zeroResult: result.hits.length === 0 || result.fallback,
    fallback: result.fallback,
    filters: search.filters?.names ?? [],
    types: search.types ?? [],
    place: searched,
  };
}

export interface AnalyticsConfig {
  /** Whether searches and visitors' actions are counted at all (`ANALYTICS`). */
  enabled: boolean;
  /** How often a process adds its counts to the daily rows (`ANALYTICS_FLUSH_SECONDS`). */
  flushMs: number;
  /** Days the daily rows are kept (`ANALYTICS_RETENTION_DAYS`). */
  retentionDays: number;
}

export interface AnalyticsDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: AnalyticsConfig;
  onError: (error: unknown) => void;
}

/**
 * The store finder's counts: searches and visitors' actions are counted in this process's memory and added to the
 * daily rows every `flushMs` and when the process stops (why: `docs/decisions/search-analytics.md`); owners read
 * reports of the rows.
 */
export function createAnalytics({ db, clock, config, onError }: AnalyticsDeps) {
  const tally = new SearchTally();
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  /** The UTC day this process last deleted old rows on: at most once a day. */
  let prunedOn: string | undefined;

  async function flushNow(): Promise<void> {
    const today = utcDayOf(clock());
    const prune = prunedOn !== today;
    if (tally.empty && !prune) return;
    const batch = tally.take();
    try {
      await writeBatch(db, batch, prune ? dayPlus(today, -config.retentionDays) : undefined);
      prunedOn = today;
    } catch (error) {
      tally.putBack(batch);
      throw error;
    }
  }

  /** Adds what was counted to the daily rows; one flush at a time, a failed one keeps its counts for the next. */
  function flush(): Promise<void> {
    flushing = flushing.then(flushNow, flushNow);
    return flushing;
  }

  return {
    enabled: config.enabled,
    /** Counts a search the store finder answered (not a 304, not an error) on today's UTC row of the project. */
    countSearch(projectId: number, search: LocationSearch, result: SearchResult): void {
      if (config.enabled) tally.countSearch(projectId, utcDayOf(clock()), countedSearchOf(search, result));
    },
    /** Counts a finder's list on opening (`initial=1`) on today's row of the project: a view, not a search. */
    countView(projectId: number): void {
      if (config.enabled) tally.countView(projectId, utcDayOf(clock()));
    },
    /**
     * Counts a visitor's action with a location of the project, by its public ID; an ID that is no location of the
     * project is 422.
     */
    async countAction(projectId: number, locationPublicId: string, action: VisitorAction): Promise<void> {
      const day = utcDayOf(clock());
      const locationId = await findLocationId(db, projectId, locationPublicId);
      if (locationId === undefined)
        throw InvalidInputError.fields({ location_id: ['is not a location of the key’s project'] });
      if (config.enabled) tally.countAction(projectId, day, locationId, action);
    },
    flush,
    /** Flushes every `flushMs` until `stop`; an error is reported and its counts wait for the next flush. */
    start(): void {
      if (!config.enabled || timer) return;
      timer = setInterval(() => void flush().catch(onError), config.flushMs);
      timer.unref();
    },
    /**
     * Stops the timer and writes what is left (nothing to write, no query: old rows wait for the next process); the
     * process calls it before it closes the database. A failure is reported, not thrown: the process stops anyway.
     */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      if (config.enabled && !tally.empty) await flush().catch(onError);
    },
    /** The project's report over a period (defaults: the last 30 days, today included). */
    async report(project: ProjectRef, period: { from?: string; to?: string }): Promise<AnalyticsReport> {
      const row = await accessibleProject(db, project);
      return reportOf(db, row.id, period, clock());
    },
    /** The places searched most that found nothing in range, with the distance to the project's nearest store. */
    async unserved(project: ProjectRef, period: { from?: string; to?: string }): Promise<UnservedReport> {
      const row = await accessibleProject(db, project);
      return unservedOf(db, row.id, period, clock());
    },
  };
}

export type UnservedReport = { from: string; to: string; places: UnservedPlace[] };
export type Analytics = ReturnType<typeof createAnalytics>;
