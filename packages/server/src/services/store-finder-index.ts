import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { hoursAt, type HoursAt } from '../domain/hours-at.ts';
import type { OpeningSchedule } from '../domain/opening-status.ts';
import { PointIndex } from '../domain/point-index.ts';
import type { Point } from '../domain/geo.ts';
import { loadAttachments } from '../repositories/location-attachments.repository.ts';
import { findSearchableLocations } from '../repositories/location-search.repository.ts';
import { ALL_ATTACHMENTS, openingScheduleOf, type LocationView } from './locations.service.ts';

/** A visible, located location as the store finder searches and shows it. */
export interface FinderLocation {
  view: LocationView;
  point: Point;
  publicId: string;
  /** Lower case, as searches compare them. */
  typeName: string | null;
  filterNames: ReadonlySet<string>;
  schedule: OpeningSchedule;
  /** The last `hoursAt` worked out, reused while it holds. */
  hours?: HoursAt & { from: number };
}

/** Every visible, located location of one project at one data version, with a spatial index over them. */
export interface ProjectFinderIndex {
  projectId: number;
  dataVersion: number;
  locations: readonly FinderLocation[];
  points: PointIndex;
}

/** Rows read per query while building: well under both dialects' limits on bound parameters. */
const BUILD_BATCH = 5_000;

async function buildIndex(db: Kysely<Database>, projectId: number, dataVersion: number): Promise<ProjectFinderIndex> {
  const locations: FinderLocation[] = [];
  for (let afterId = 0; ; ) {
    const records = await findSearchableLocations(db, projectId, afterId, BUILD_BATCH);
    if (records.length === 0) break;
    const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
    for (const record of records) {
      locations.push({
        view: { record, attachments },
        point: { lat: record.lat ?? 0, lng: record.lng ?? 0 },
        publicId: record.public_id,
        typeName: record.type_name?.toLowerCase() ?? null,
        filterNames: new Set((attachments.filters.get(record.id) ?? []).map((filter) => filter.name.toLowerCase())),
        schedule: openingScheduleOf(record),
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

  /** Forgets every index (memory is freed; the next search of each project builds again). */
  clear(): void {
    this.#byProject.clear();
  }
}

/** A location's status and upcoming special hours at `now`, worked out again only when the last answer has run out. */
export function finderHoursAt(location: FinderLocation, now: number): HoursAt {
  const held = location.hours;
  if (held && held.from <= now && now < held.validUntil) return held;
  const fresh = { ...hoursAt(location.schedule, now), from: now };
  location.hours = fresh;
  return fresh;
}
