import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Point } from '../domain/geo.ts';
import { hoursAt, type HoursAt } from '../domain/hours-at.ts';
import type { WeeklyHours } from '../domain/hours.ts';
import type { OpeningSchedule } from '../domain/opening-status.ts';
import { PointIndex } from '../domain/point-index.ts';
import { loadAttachments } from '../repositories/location-attachments.repository.ts';
import { findSearchableLocations } from '../repositories/location-search.repository.ts';
import { ALL_ATTACHMENTS, openingScheduleOf } from './locations.service.ts';
import { pinOf, publicFieldsOf } from './public-location.ts';

/** What a visitor is told of a location's hours at an instant, with both parts already as JSON. */
export interface FinderHours extends HoursAt {
  /** From this instant until `validUntil` the answer holds. */
  from: number;
  /** `"special_hours":[…],"status":{…}`: the members of a location's JSON that change with time. */
  json: string;
}

/**
 * A visible, located location as the store finder searches and shows it: what searches compare, and its answer kept
 * as JSON (a few hundred bytes where the rows it is made from take several kilobytes as objects).
 */
export interface FinderLocation {
  point: Point;
  publicId: string;
  /** Lower case, as searches compare them. */
  typeName: string | null;
  filterNames: ReadonlySet<string>;
  country: string | null;
  schedule: OpeningSchedule;
  /** The public fields (`publicFieldsOf`) as a JSON object. */
  json: string;
  /** The GeoJSON point of the pins (`pinOf`). */
  pinJson: string;
  /** The last `hoursAt` worked out, reused while it holds. */
  hours?: FinderHours;
}

/** Every visible, located location of one project at one data version, with a spatial index over them. */
export interface ProjectFinderIndex {
  projectId: number;
  dataVersion: number;
  locations: readonly FinderLocation[];
  points: PointIndex;
}

/** Rows read per query while building: well under both dialects' limits on bound parameters. */
const BUILD_BATCH = 2_000;

/**
 * One copy of each equal value among many locations (the same hours, the same set of filters): a store list repeats
 * a handful of schedules and filter combinations, and holding each once keeps the index small.
 */
class Interned<T> {
  readonly #values = new Map<string, T>();
  of(key: string, make: () => T): T {
    let value = this.#values.get(key);
    if (value === undefined) {
      value = make();
      this.#values.set(key, value);
    }
    return value;
  }
}

async function buildIndex(db: Kysely<Database>, projectId: number, dataVersion: number): Promise<ProjectFinderIndex> {
  const locations: FinderLocation[] = [];
  const weeks = new Interned<WeeklyHours | null>();
  const filterSets = new Interned<ReadonlySet<string>>();
  for (let afterId = 0; ; ) {
    const records = await findSearchableLocations(db, projectId, afterId, BUILD_BATCH);
    if (records.length === 0) break;
    const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
    for (const record of records) {
      const view = { record, attachments };
      const schedule = openingScheduleOf(record);
      const filterNames = (attachments.filters.get(record.id) ?? []).map((filter) => filter.name.toLowerCase()).sort();
      locations.push({
        point: { lat: record.lat ?? 0, lng: record.lng ?? 0 },
        publicId: record.public_id,
        typeName: record.type_name?.toLowerCase() ?? null,
        filterNames: filterSets.of(JSON.stringify(filterNames), () => new Set(filterNames)),
        country: record.country,
        schedule: { ...schedule, weekly: weeks.of(JSON.stringify(schedule.weekly), () => schedule.weekly) },
        json: JSON.stringify(publicFieldsOf(view)),
        pinJson: JSON.stringify(pinOf(view)),
      });
    }
    afterId = records[records.length - 1]?.id ?? afterId;
  }
  return { projectId, dataVersion, locations, points: new PointIndex(locations.map((location) => location.point)) };
}

/**
 * The store finder's in-memory indexes, one per project searched, each for the data version it was built at. A
 * request brings the version it read with its key (`PublicAccess.dataVersion`); an index of an older version is
 * rebuilt before the request is answered, so every write shows in the next search on every instance. Requests
 * arriving during a build wait for the same build. Why in memory, and what it costs: docs/decisions/store-finder-search.md.
 */
export class StoreFinderIndexes {
  readonly #byProject = new Map<number, { dataVersion: number; index: Promise<ProjectFinderIndex> }>();

  /** The project's index at `dataVersion` or newer. */
  async of(db: Kysely<Database>, projectId: number, dataVersion: number): Promise<ProjectFinderIndex> {
    const held = this.#byProject.get(projectId);
    if (held && held.dataVersion >= dataVersion) return held.index;
    // Built from what is committed now, which is this version or newer; labelled with this one, so a request that
    // read a newer version rebuilds rather than trust it.
    const index = buildIndex(db, projectId, dataVersion);
    const entry = { dataVersion, index };
    this.#byProject.set(projectId, entry);
    index.catch(() => {
      if (this.#byProject.get(projectId) === entry) this.#byProject.delete(projectId);
    });
    return index;
  }
}

/** A location's status and upcoming special hours at `now`, worked out again only when the last answer has run out. */
export function finderHoursAt(location: FinderLocation, now: number): FinderHours {
  const held = location.hours;
  if (held && held.from <= now && now < held.validUntil) return held;
  const fresh = hoursAt(location.schedule, now);
  const hours = { ...fresh, from: now, json: `"special_hours":${JSON.stringify(fresh.upcoming)},"status":${JSON.stringify(fresh.status)}` };
  location.hours = hours;
  return hours;
}
