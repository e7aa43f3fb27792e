import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type HoursAt, hoursAt } from '../../domain/hours-at.ts';
import { type IndexRow, LivePointIndex, LivePointIndexBuilder } from '../../domain/live-point-index.ts';
import type { OpeningSchedule } from '../../domain/opening-status.ts';
import { DELETIONS_KEPT_MS, openingScheduleOf } from '../locations/index.ts';
import {
  findFilterNames,
  findLocationIdsWrittenAfter,
  findLocationsDeletedAfter,
  findSearchRowsAfter,
  findSearchRowsByIds,
  isSearchable,
  type SearchRow,
} from './location-search.repository.ts';

/** What a visitor is told of a location's hours at an instant, with both parts already as JSON. */
export interface FinderHours extends HoursAt {
  /** From this instant until `validUntil` the answer holds. */
  from: number;
  /** `"special_hours":[…],"status":{…}`: the members of a location's JSON that change with time. */
  json: string;
}

/**
 * An opening schedule (week, special hours, zone) held once for all the locations that have it, as a chain's stores
 * mostly do, with the last `hoursAt` worked out from it, reused while it holds: a status takes about 100 µs to work
 * out, and a search shows up to 100 of them.
 */
export interface SharedSchedule extends OpeningSchedule {
  hours?: FinderHours;
}

/** The codes each location has in the index (`LivePointIndex` rows): numbers into the index's `Interned` tables. */
export const CODE = { type: 0, filters: 1, schedule: 2, country: 3 } as const;
const WIDTH = 4;
/** The code of no value (a location without a type or a country). */
const NONE = -1;

/** One copy of each equal value among many locations, numbered in the order first seen. */
class InternedTable<T> {
  readonly values: T[] = [];
  readonly #codes = new Map<string, number>();
  /** The code of the value with this key, made by `make` the first time. */
  codeOf(key: string, make: () => T): number {
    let code = this.#codes.get(key);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(make());
      this.#codes.set(key, code);
    }
    return code;
  }
  /** The value of a code (`NONE` has none). */
  at(code: number): T | undefined {
    return this.values[code];
  }
}

/** The values a project's locations share, which the index keeps one copy of and refers to by code. */
export interface Interned {
  types: InternedTable<string>;
  filterSets: InternedTable<ReadonlySet<string>>;
  schedules: InternedTable<SharedSchedule>;
  countries: InternedTable<string>;
}

const newInterned = (): Interned => ({
  types: new InternedTable(),
  filterSets: new InternedTable(),
  schedules: new InternedTable(),
  countries: new InternedTable(),
});

/** How many of a project's locations have each filter, type and country, by name (lower case, but countries). */
export class FacetCounts {
  readonly filters = new Map<string, number>();
  readonly types = new Map<string, number>();
  readonly countries = new Map<string, number>();

  /** Counts the location with these codes in (`+1`) or out (`-1`). */
  count(interned: Interned, codes: ArrayLike<number>, at: number, by: 1 | -1): void {
    const add = (names: Map<string, number>, name: string | undefined) => {
      if (name !== undefined) names.set(name, (names.get(name) ?? 0) + by);
    };
    for (const name of interned.filterSets.at(codes[at + CODE.filters] as number) ?? []) add(this.filters, name);
    add(this.types, interned.types.at(codes[at + CODE.type] as number));
    add(this.countries, interned.countries.at(codes[at + CODE.country] as number));
  }
}

/** Locations a search can rank and test: an index, or those a search read from the database. */
export interface SearchableLocations {
  locations: LivePointIndex;
  counts: FacetCounts;
  interned: Interned;
}

/** Every visible, located location of one project as of `dataVersion`, in a spatial index that takes changes. */
export interface ProjectFinderIndex extends SearchableLocations {
  projectId: number;
  /** Every write of the project up to this data version is in the index (and maybe some later ones). */
  dataVersion: number;
  /** When the index last read the database (milliseconds since the epoch). */
  readAt: number;
  /** Names this build: what was kept for an index built before it is not trusted (`FinderBodies`). */
  generation: number;
}

/** A location as a row of the index: its place, public ID (ties), and codes of its type, filters, hours and country. */
function indexRowOf(row: SearchRow, filterNames: readonly string[] | undefined, interned: Interned): IndexRow {
  const filters = (filterNames ?? []).map((name) => name.toLowerCase()).sort();
  const schedule = openingScheduleOf(row);
  const typeName = row.type_name?.toLowerCase();
  const country = row.country?.trim().toUpperCase();
  return {
    id: row.id,
    lat: row.lat ?? 0,
    lng: row.lng ?? 0,
    name: row.public_id,
    codes: [
      typeName === undefined ? NONE : interned.types.codeOf(typeName, () => typeName),
      interned.filterSets.codeOf(JSON.stringify(filters), () => new Set(filters)),
      interned.schedules.codeOf(JSON.stringify(schedule), () => schedule),
      country && /^[A-Z]{2}$/.test(country) ? interned.countries.codeOf(country, () => country) : NONE,
    ],
  };
}

/** The rows as rows of an index with their filters: those searchable (`found`), and the IDs of the others (`gone`). */
async function indexRowsOf(
  db: Kysely<Database>,
  rows: SearchRow[],
  interned: Interned,
): Promise<{ found: IndexRow[]; gone: number[] }> {
  const searchable = rows.filter(isSearchable);
  const filters = await findFilterNames(
    db,
    searchable.map((row) => row.id),
  );
  return {
    found: searchable.map((row) => indexRowOf(row, filters.get(row.id), interned)),
    gone: rows.filter((row) => !isSearchable(row)).map((row) => row.id),
  };
}

/** Counts every location of an index. */
function countsOf(locations: LivePointIndex, interned: Interned): FacetCounts {
  const counts = new FacetCounts();
  locations.forEachCodes((codes, at) => counts.count(interned, codes, at, 1));
  return counts;
}

/** Locations read from the database (searchable ones, any order) as locations a search can rank, without an index. */
export async function searchableOf(db: Kysely<Database>, rows: SearchRow[]): Promise<SearchableLocations> {
  const interned = newInterned();
  const locations = LivePointIndex.of(WIDTH, (await indexRowsOf(db, rows, interned)).found);
  return { locations, interned, counts: countsOf(locations, interned) };
}

/**
 * Rows read per query: well under both dialects' limits on bound parameters, and small enough that a build in the
 * background (SQLite's reads are synchronous) holds other requests up for a few milliseconds at a time.
 */
const READ_BATCH = 1_000;

async function buildIndex(
  db: Kysely<Database>,
  { projectId, dataVersion }: ProjectVersion,
  now: number,
  generation: number,
): Promise<ProjectFinderIndex> {
  const interned = newInterned();
  const builder = new LivePointIndexBuilder(WIDTH);
  for (let afterId = 0; ; ) {
    const rows = await findSearchRowsAfter(db, projectId, afterId, READ_BATCH);
    if (rows.length === 0) break;
    for (const row of (await indexRowsOf(db, rows, interned)).found) builder.add(row);
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
  const locations = builder.finish();
  return {
    projectId,
    dataVersion,
    readAt: now,
    generation,
    locations,
    interned,
    counts: countsOf(locations, interned),
  };
}

/**
 * Whether the interned values have outgrown the locations: each catch-up adds the schedules and filter sets written
 * since and never removes one that no location holds now (a project whose special hours change every day gains one a
 * location a day). The index is then built again, which lets those go.
 */
const outgrown = ({ interned, locations }: ProjectFinderIndex) =>
  interned.schedules.values.length + interned.filterSets.values.length > 2 * locations.size + 1000;

/**
 * Brings an index up to `dataVersion` with what was written since its own: the locations written since (replaced, or
 * dropped when no longer searchable) and those deleted since. Reads first, then changes the index in one synchronous
 * step, so a search never sees half of a catch-up; `onChanged` hears in that step the IDs it changed.
 */
async function catchUp(
  db: Kysely<Database>,
  index: ProjectFinderIndex,
  dataVersion: number,
  now: number,
  onChanged: (ids: number[]) => void,
): Promise<void> {
  const written = await findLocationIdsWrittenAfter(db, index.projectId, index.dataVersion);
  const found: IndexRow[] = [];
  const gone: number[] = [];
  for (let start = 0; start < written.length; start += READ_BATCH) {
    const rows = await findSearchRowsByIds(db, written.slice(start, start + READ_BATCH));
    const batch = await indexRowsOf(db, rows, index.interned);
    found.push(...batch.found);
    gone.push(...batch.gone);
  }
  const deleted = await findLocationsDeletedAfter(db, index.projectId, index.dataVersion);
  const changed = [...gone, ...deleted, ...found.map((row) => row.id)];
  for (const id of changed) {
    const before = index.locations.get(id);
    if (before) index.counts.count(index.interned, before.codes, 0, -1);
  }
  for (const row of found) index.counts.count(index.interned, row.codes, 0, 1);
  index.locations.update(found, [...gone, ...deleted]);
  index.dataVersion = dataVersion;
  index.readAt = now;
  onChanged(changed);
}

/**
 * How much earlier than `readAt` a deletion the index has not seen may be stamped: a deletion's time is taken when its
 * transaction starts (an import's batch, seconds before it commits), and other instances' clocks differ. An index
 * catches up only while every deletion since it read is surely still remembered.
 */
const CLOCK_MARGIN_MS = 24 * 60 * 60 * 1000;

/** What a request knows of its project when it asks for the index (a `PublicAccess`). */
export interface ProjectVersion {
  projectId: number;
  dataVersion: number;
}

interface HeldIndex {
  dataVersion: number;
  index: Promise<ProjectFinderIndex>;
  /** Whether the index is being built from scratch (seconds per 100,000 locations), not caught up (milliseconds). */
  building: boolean;
  /** The index, once the promise has settled. */
  settled?: ProjectFinderIndex;
}

/**
 * The store finder's in-memory indexes, one per project searched. A request brings the project's data version as it
 * read it with its key; an index of an older version catches up before the request is answered (the locations written
 * and deleted since), or is built again when it has not read the database for longer than deletions are remembered. So
 * every write shows in the next search. Catch-ups and builds of one project run one after the other; requests arriving
 * meanwhile wait for the one that covers their version, except searches during a build (`ready`), which the
 * database answers. Why in memory, and what it costs: docs/decisions/store-finder-search.md.
 */
export class StoreFinderIndexes {
  readonly #byProject = new Map<number, HeldIndex>();
  /** The generation of each project's newest build. */
  readonly #newestBuild = new Map<number, number>();
  readonly #onChanged: (ids: number[]) => void;
  readonly #onBuilt: (index: ProjectFinderIndex, current: () => boolean) => void;
  #generations = 0;

  /**
   * `onChanged` hears the IDs of the locations each catch-up read again or dropped; `onBuilt`, each index built, with
   * a test of whether it is still the project's newest build.
   */
  constructor(
    onChanged: (ids: number[]) => void,
    onBuilt: (index: ProjectFinderIndex, current: () => boolean) => void = () => undefined,
  ) {
    this.#onChanged = onChanged;
    this.#onBuilt = onBuilt;
  }

  /** The project's index at `version.dataVersion` or newer, waiting for a build when one is needed. */
  of(db: Kysely<Database>, version: ProjectVersion, now: number): Promise<ProjectFinderIndex> {
    return this.#held(db, version, now).index;
  }

  /**
   * The project's index at `version.dataVersion` or newer when it takes no build (it is there, or catches up), else
   * undefined: a build has started, or goes on, in the background.
   */
  async ready(db: Kysely<Database>, version: ProjectVersion, now: number): Promise<ProjectFinderIndex | undefined> {
    const held = this.#held(db, version, now);
    return held.building ? undefined : held.index;
  }

  #held(db: Kysely<Database>, version: ProjectVersion, now: number): HeldIndex {
    const { projectId, dataVersion } = version;
    const previous = this.#byProject.get(projectId);
    if (previous && previous.dataVersion >= dataVersion) return previous;
    const last = previous?.settled;
    const canCatchUp = previous
      ? last === undefined || (now - last.readAt < DELETIONS_KEPT_MS - CLOCK_MARGIN_MS && !outgrown(last))
      : false;
    // Labelled with the version the request read, though it may hold later writes too: a request that read a later
    // version catches up again rather than trust it.
    const held: HeldIndex = {
      dataVersion,
      building: !canCatchUp || previous?.building === true,
      index: canCatchUp && previous ? this.#caughtUp(db, previous.index, version, now) : this.#built(db, version, now),
    };
    this.#byProject.set(projectId, held);
    held.index.then(
      (index) => {
        held.settled = index;
        held.building = false;
      },
      () => {
        if (this.#byProject.get(projectId) === held) this.#byProject.delete(projectId);
      },
    );
    return held;
  }

  async #built(db: Kysely<Database>, version: ProjectVersion, now: number): Promise<ProjectFinderIndex> {
    this.#generations += 1;
    const generation = this.#generations;
    this.#newestBuild.set(version.projectId, generation);
    const index = await buildIndex(db, version, now, generation);
    this.#onBuilt(index, () => this.#newestBuild.get(version.projectId) === generation);
    return index;
  }

  async #caughtUp(
    db: Kysely<Database>,
    previous: Promise<ProjectFinderIndex>,
    version: ProjectVersion,
    now: number,
  ): Promise<ProjectFinderIndex> {
    const index = await previous.catch(() => undefined);
    if (!index) return this.#built(db, version, now);
    await catchUp(db, index, version.dataVersion, now, this.#onChanged);
    return index;
  }
}

/** A schedule's status and upcoming special hours at `now`, worked out again only when the last answer has run out. */
export function finderHoursAt(schedule: SharedSchedule, now: number): FinderHours {
  const held = schedule.hours;
  if (held && held.from <= now && now < held.validUntil) return held;
  const fresh = hoursAt(schedule, now);
  const hours = {
    ...fresh,
    from: now,
    json: `"special_hours":${JSON.stringify(fresh.upcoming)},"status":${JSON.stringify(fresh.status)}`,
  };
  schedule.hours = hours;
  return hours;
}
