import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type HoursAt, hoursAt } from '../../domain/hours-at.ts';
import { LivePointIndex, type Placed } from '../../domain/live-point-index.ts';
import type { OpeningSchedule } from '../../domain/opening-status.ts';
import {
  ALL_ATTACHMENTS,
  DELETIONS_KEPT_MS,
  findLocationRecordsByIds,
  type LocationRecord,
  loadAttachments,
  openingScheduleOf,
  pinOf,
  publicFieldsOf,
} from '../locations/index.ts';
import {
  findLocationIdsWrittenAfter,
  findLocationsDeletedAfter,
  findSearchableLocations,
  isSearchable,
} from './location-search.repository.ts';

/** What a visitor is told of a location's hours at an instant, with both parts already as JSON. */
export interface FinderHours extends HoursAt {
  /** From this instant until `validUntil` the answer holds. */
  from: number;
  /** `"special_hours":[…],"status":{…}`: the members of a location's JSON that change with time. */
  json: string;
}

/**
 * A visible, located location as the store finder searches and shows it: what searches compare, and its answer kept
 * as UTF-8 JSON (a kilobyte or so, outside the JavaScript heap, where the rows it is made from take several kilobytes
 * as objects; an answer is these bytes copied, not objects serialised).
 */
export interface FinderLocation extends Placed {
  publicId: string;
  /** Lower case, as searches compare them. */
  typeName: string | null;
  filterNames: ReadonlySet<string>;
  country: string | null;
  schedule: SharedSchedule;
  /** The public fields (`publicFieldsOf`) as a JSON object. */
  json: Buffer;
  /** The GeoJSON point of the pins (`pinOf`). */
  pinJson: Buffer;
}

/**
 * An opening schedule (week, special hours, zone) held once for all the locations that have it, as a chain's stores
 * mostly do, with the last `hoursAt` worked out from it, reused while it holds: a status takes about 100 µs to work
 * out, and a search shows up to 100 of them.
 */
export interface SharedSchedule extends OpeningSchedule {
  hours?: FinderHours;
}

/** Every visible, located location of one project as of `dataVersion`, in a spatial index that takes changes. */
export interface ProjectFinderIndex {
  projectId: number;
  /** Every write of the project up to this data version is in the index (and maybe some later ones). */
  dataVersion: number;
  /** When the index last read the database (milliseconds since the epoch). */
  readAt: number;
  locations: LivePointIndex<FinderLocation>;
  /**
   * How many locations have each filter and each type (lower case), so a search for one that none has stops at once.
   */
  counts: FacetCounts;
  /** One copy of each equal schedule and set of filters among the project's locations: a store list repeats a few. */
  interned: Interned;
}

/** How many of a project's locations have each filter and each location type, by lower-case name. */
export class FacetCounts {
  readonly filters = new Map<string, number>();
  readonly types = new Map<string, number>();

  /** Counts `location` in (`+1`) or out (`-1`). */
  count(location: FinderLocation, by: 1 | -1): void {
    for (const name of location.filterNames) this.filters.set(name, (this.filters.get(name) ?? 0) + by);
    if (location.typeName !== null) this.types.set(location.typeName, (this.types.get(location.typeName) ?? 0) + by);
  }
}

/**
 * Rows read per query: well under both dialects' limits on bound parameters, and small enough that a build in the
 * background (SQLite's reads and the JSON are synchronous) holds other requests up for a few milliseconds at a time.
 */
const READ_BATCH = 500;

/** One copy of each equal value among many locations, by a key of its content. */
class InternedValues<T> {
  readonly #values = new Map<string, T>();
  get size(): number {
    return this.#values.size;
  }
  of(key: string, make: () => T): T {
    let value = this.#values.get(key);
    if (value === undefined) {
      value = make();
      this.#values.set(key, value);
    }
    return value;
  }
}

interface Interned {
  schedules: InternedValues<SharedSchedule>;
  filterSets: InternedValues<ReadonlySet<string>>;
}

const newInterned = (): Interned => ({
  schedules: new InternedValues<SharedSchedule>(),
  filterSets: new InternedValues<ReadonlySet<string>>(),
});

/**
 * Whether the interned values have outgrown the locations: each catch-up adds the schedules and filter sets written
 * since and never removes one that no location holds now (a project whose special hours change every day gains one a
 * location a day). Starting a new table then lets those go; locations keep the values they hold.
 */
const outgrown = (interned: Interned, locations: number) =>
  interned.schedules.size + interned.filterSets.size > 2 * locations + 1000;

function finderLocationOf(
  record: LocationRecord,
  attachments: Awaited<ReturnType<typeof loadAttachments>>,
  interned: Interned,
): FinderLocation {
  const view = { record, attachments };
  const schedule = openingScheduleOf(record);
  const filterNames = (attachments.filters.get(record.id) ?? []).map((filter) => filter.name.toLowerCase()).sort();
  return {
    id: record.id,
    point: { lat: record.lat ?? 0, lng: record.lng ?? 0 },
    publicId: record.public_id,
    typeName: record.type_name?.toLowerCase() ?? null,
    filterNames: interned.filterSets.of(JSON.stringify(filterNames), () => new Set(filterNames)),
    country: record.country,
    schedule: interned.schedules.of(JSON.stringify(schedule), () => schedule),
    json: Buffer.from(JSON.stringify(publicFieldsOf(view))),
    pinJson: Buffer.from(JSON.stringify(pinOf(view))),
  };
}

/** Each batch of records as locations of the index: those searchable (`found`), and the IDs of the others (`gone`). */
async function finderLocationsOf(
  db: Kysely<Database>,
  records: LocationRecord[],
  interned: Interned,
  into: { found: FinderLocation[]; gone: number[] },
): Promise<void> {
  const searchable = records.filter(isSearchable);
  const attachments = await loadAttachments(db, searchable, ALL_ATTACHMENTS);
  for (const record of records) {
    if (isSearchable(record)) into.found.push(finderLocationOf(record, attachments, interned));
    else into.gone.push(record.id);
  }
}

/** Every searchable location of the project, read in batches of `READ_BATCH`. */
async function readSearchable(db: Kysely<Database>, projectId: number, interned: Interned): Promise<FinderLocation[]> {
  const into = { found: [] as FinderLocation[], gone: [] as number[] };
  for (let afterId = 0; ; ) {
    const records = await findSearchableLocations(db, projectId, afterId, READ_BATCH);
    if (records.length === 0) return into.found;
    await finderLocationsOf(db, records, interned, into);
    afterId = records[records.length - 1]?.id ?? afterId;
  }
}

/**
 * The project's locations written after `version`: those searchable now (`found`), and the IDs of the others (`gone`).
 */
async function readWrittenAfter(
  db: Kysely<Database>,
  projectId: number,
  version: number,
  interned: Interned,
): Promise<{ found: FinderLocation[]; gone: number[] }> {
  const into = { found: [] as FinderLocation[], gone: [] as number[] };
  const ids = await findLocationIdsWrittenAfter(db, projectId, version);
  for (let start = 0; start < ids.length; start += READ_BATCH)
    await finderLocationsOf(
      db,
      await findLocationRecordsByIds(db, ids.slice(start, start + READ_BATCH)),
      interned,
      into,
    );
  return into;
}

async function buildIndex(
  db: Kysely<Database>,
  projectId: number,
  dataVersion: number,
  now: number,
): Promise<ProjectFinderIndex> {
  const interned = newInterned();
  const found = await readSearchable(db, projectId, interned);
  const counts = new FacetCounts();
  for (const location of found) counts.count(location, 1);
  return { projectId, dataVersion, readAt: now, locations: new LivePointIndex(found), counts, interned };
}

/**
 * Brings an index up to `dataVersion` with what was written since its own: the locations written since (replaced, or
 * dropped when no longer searchable) and those deleted since. Reads first, then changes the index in one synchronous
 * step, so a search never sees half of a catch-up.
 */
async function catchUp(
  db: Kysely<Database>,
  index: ProjectFinderIndex,
  dataVersion: number,
  now: number,
): Promise<ProjectFinderIndex> {
  if (outgrown(index.interned, index.locations.size)) index.interned = newInterned();
  const { found, gone } = await readWrittenAfter(db, index.projectId, index.dataVersion, index.interned);
  const deleted = await findLocationsDeletedAfter(db, index.projectId, index.dataVersion);
  const replaced = [...gone, ...deleted, ...found.map((location) => location.id)];
  for (const id of replaced) {
    const before = index.locations.get(id);
    if (before) index.counts.count(before, -1);
  }
  for (const location of found) index.counts.count(location, 1);
  index.locations.update(found, [...gone, ...deleted]);
  index.dataVersion = dataVersion;
  index.readAt = now;
  return index;
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

/**
 * The store finder's in-memory indexes, one per project searched. A request brings the project's data version as it
 * read it with its key; an index of an older version catches up before the request is answered (the locations written
 * and deleted since), or is built again when it has not read the database for longer than deletions are remembered. So
 * every write shows in the next search on every instance. Catch-ups and builds of one project run one after the other;
 * requests arriving meanwhile wait for the one that covers their version. Why in memory, and what it costs:
 * docs/decisions/store-finder-search.md.
 */
export class StoreFinderIndexes {
  readonly #byProject = new Map<number, { dataVersion: number; index: Promise<ProjectFinderIndex> }>();

  /** The project's index at `version.dataVersion` or newer. */
  async of(db: Kysely<Database>, version: ProjectVersion, now: number): Promise<ProjectFinderIndex> {
    const { projectId, dataVersion } = version;
    const held = this.#byProject.get(projectId);
    if (held && held.dataVersion >= dataVersion) return held.index;
    // Labelled with the version the request read, though it may hold later writes too: a request that read a later
    // version catches up again rather than trust it.
    const index = this.#next(db, held?.index, version, now);
    const entry = { dataVersion, index };
    this.#byProject.set(projectId, entry);
    index.catch(() => {
      if (this.#byProject.get(projectId) === entry) this.#byProject.delete(projectId);
    });
    return index;
  }

  async #next(
    db: Kysely<Database>,
    previous: Promise<ProjectFinderIndex> | undefined,
    version: ProjectVersion,
    now: number,
  ): Promise<ProjectFinderIndex> {
    const index = await previous?.catch(() => undefined);
    const canCatchUp = index !== undefined && now - index.readAt < DELETIONS_KEPT_MS - CLOCK_MARGIN_MS;
    return canCatchUp
      ? catchUp(db, index, version.dataVersion, now)
      : buildIndex(db, version.projectId, version.dataVersion, now);
  }
}

/** A location's status and upcoming special hours at `now`, worked out again only when the last answer has run out. */
export function finderHoursAt(location: FinderLocation, now: number): FinderHours {
  const { schedule } = location;
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
