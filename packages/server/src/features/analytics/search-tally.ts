import type { SearchedPlace, SearchKind, VisitorAction } from '../../domain/search-analytics.ts';

/** One count of a project's day by measure (`searches`, `zero_result`, `fallback`, `kind`, `filter`, `type`). */
export interface MetricCount {
  projectId: number;
  day: string;
  metric: string;
  key: string;
  count: number;
}

/** A project's searches of a day from one place. */
export interface PlaceCount extends SearchedPlace {
  projectId: number;
  day: string;
  searches: number;
  zeroResult: number;
}

/** How often visitors did one thing with a location on a day. */
export interface ActionCount {
  projectId: number;
  day: string;
  locationId: number;
  action: VisitorAction;
  count: number;
}

/** What a tally held when it was taken: the counts one flush adds to the daily rows. */
export interface TallyBatch {
  metrics: MetricCount[];
  places: PlaceCount[];
  actions: ActionCount[];
}

/** What one search adds to its project's day. */
export interface CountedSearch {
  kind: SearchKind;
  /** Nothing within range, whether or not the fallback answered. */
  zeroResult: boolean;
  fallback: boolean;
  /** The filter and type names the search asked for, as sent (a flush keeps only the project's own). */
  filters: readonly string[];
  types: readonly string[];
  place: SearchedPlace | null;
}

/**
 * Distinct counts one process keeps between flushes: past it a new day, place or name is not counted until the next
 * flush (the names and places a visitor sends are unbounded, this memory is not).
 */
const MAX_ENTRIES = 100_000;

/**
 * The counts of this process since its last flush, in memory: counting is a few map updates, so a search never waits
 * on a write. `take` empties it for a flush; `putBack` returns the counts of a flush that failed.
 */
export class SearchTally {
  #metrics = new Map<string, MetricCount>();
  #places = new Map<string, PlaceCount>();
  #actions = new Map<string, ActionCount>();

  countSearch(projectId: number, day: string, search: CountedSearch): void {
    const add = (metric: string, key: string) => this.#addMetric({ projectId, day, metric, key, count: 1 });
    add('searches', '');
    add('kind', search.kind);
    if (search.zeroResult) add('zero_result', '');
    if (search.fallback) add('fallback', '');
    for (const name of new Set(search.filters.map((text) => text.toLowerCase()))) add('filter', name);
    for (const name of new Set(search.types.map((text) => text.toLowerCase()))) add('type', name);
    if (search.place)
      this.#addPlace({ ...search.place, projectId, day, searches: 1, zeroResult: search.zeroResult ? 1 : 0 });
  }

  /** A finder's list on opening, before the visitor searched: a view, no search. */
  countView(projectId: number, day: string): void {
    this.#addMetric({ projectId, day, metric: 'views', key: '', count: 1 });
  }

  countAction(projectId: number, day: string, locationId: number, action: VisitorAction): void {
    this.#addAction({ projectId, day, locationId, action, count: 1 });
  }

  /** Whether nothing was counted since the last take. */
  get empty(): boolean {
    return this.#metrics.size === 0 && this.#places.size === 0 && this.#actions.size === 0;
  }

  /** Everything counted since the last take; the tally starts again from nothing. */
  take(): TallyBatch {
    const batch = {
      metrics: [...this.#metrics.values()],
      places: [...this.#places.values()],
      actions: [...this.#actions.values()],
    };
    this.#metrics = new Map();
    this.#places = new Map();
    this.#actions = new Map();
    return batch;
  }

  /** Adds back the counts of a batch that was not written, so the next flush writes them with what came since. */
  putBack(batch: TallyBatch): void {
    for (const metric of batch.metrics) this.#addMetric(metric, true);
    for (const place of batch.places) this.#addPlace(place, true);
    for (const action of batch.actions) this.#addAction(action, true);
  }

  #addMetric(count: MetricCount, always = false): void {
    const id = `${count.projectId}|${count.day}|${count.metric}|${count.key}`;
    const held = this.#metrics.get(id);
    if (held) held.count += count.count;
    else if (always || this.#metrics.size < MAX_ENTRIES) this.#metrics.set(id, { ...count });
  }

  #addPlace(count: PlaceCount, always = false): void {
    const id = `${count.projectId}|${count.day}|${count.place}`;
    const held = this.#places.get(id);
    if (held) {
      held.searches += count.searches;
      held.zeroResult += count.zeroResult;
    } else if (always || this.#places.size < MAX_ENTRIES) this.#places.set(id, { ...count });
  }

  #addAction(count: ActionCount, always = false): void {
    const id = `${count.projectId}|${count.day}|${count.locationId}|${count.action}`;
    const held = this.#actions.get(id);
    if (held) held.count += count.count;
    else if (always || this.#actions.size < MAX_ENTRIES) this.#actions.set(id, { ...count });
  }
}
