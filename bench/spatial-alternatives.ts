// How the ways of finding the nearest stores compare, one search at a time in one process, on the benchmark's data:
// the SQL haversine scan (the common way), SQLite's R*Tree (a box around the radius, or boxes that grow until they
// hold enough), and the store finder's in-memory index. Each SQL way also reads the records it found, as an answer
// needs them. The figures behind docs/decisions/store-finder-search.md.
//   npx tsx bench/spatial-alternatives.ts [--locations 100000] [--searches 300]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import type { Database } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { boxAround } from '../packages/server/src/domain/geo.ts';
import { systemClock } from '../packages/server/src/domain/time.ts';
import { FinderBodies } from '../packages/server/src/features/finder/finder-bodies.ts';
import { searchLocations } from '../packages/server/src/features/finder/location-search.service.ts';
import { createPublishableKeys } from '../packages/server/src/features/finder/publishable-keys.service.ts';
import { StoreFinderIndexes } from '../packages/server/src/features/finder/store-finder-index.ts';
import {
  ALL_ATTACHMENTS,
  loadAttachments,
  selectRecords,
} from '../packages/server/src/features/locations/location-reads.repository.ts';
import { createFreshDatabase } from './fresh-database.ts';
import { requestFor, SEARCHES_ONLY } from './operations.ts';
import { median } from './report.ts';
import { seedBenchmarkProject } from './seed.ts';
import { seededRandom } from './seed-data.ts';

const { values } = parseArgs({
  options: { locations: { type: 'string', default: '100000' }, searches: { type: 'string', default: '300' } },
});
const LIMIT = 20;
const RADIUS_KM = 50;

interface Search {
  lat: number;
  lng: number;
  filter: string;
}

type Way = (search: Search) => Promise<number[]>;

/** The records and attachments of the locations found, in their order: what an answer is made from. */
async function readAnswers(db: Kysely<Database>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const records = await selectRecords(db, sql`"locations"."id" in (${sql.join(ids)})`);
  await loadAttachments(db, records, ALL_ATTACHMENTS);
  return records.length;
}

const withFilter = (
  projectId: number,
  filter: string,
) => sql`"locations"."project_id" = ${projectId} and "locations"."visible" = 1
  and exists (select 1 from "location_filters" inner join "filters" on "filters"."id" = "location_filters"."filter_id"
    where "location_filters"."location_id" = "locations"."id" and lower("filters"."name") = ${filter.toLowerCase()})`;

const haversineOf = (lat: number, lng: number) => sql`12742.0176 * asin(sqrt(
  power(sin(radians("locations"."lat" - ${lat}) / 2), 2)
  + cos(radians(${lat})) * cos(radians("locations"."lat")) * power(sin(radians("locations"."lng" - ${lng}) / 2), 2)))`;

/** Every visible location of the project measured in SQL, ordered by distance (as WP Store Locator does). */
function scan(db: Kysely<Database>, projectId: number): Way {
  return async ({ lat, lng, filter }) => {
    const { rows } = await sql<{ id: number }>`select "id" from (
        select "locations"."id", "locations"."public_id", ${haversineOf(lat, lng)} as "distance" from "locations"
        where ${withFilter(projectId, filter)} and "locations"."lat" is not null
      ) as "measured" where "distance" <= ${RADIUS_KM} order by "distance", "public_id" limit ${LIMIT}`.execute(db);
    return rows.map((row) => row.id);
  };
}

/**
 * The R*Tree's locations inside a box, measured and ordered in SQL (`cross join`: SQLite then reads the R*Tree first).
 */
async function inRtreeBox(
  db: Kysely<Database>,
  projectId: number,
  search: Search,
  reachKm: number,
): Promise<{ id: number; distance: number }[]> {
  const box = boxAround(search, reachKm);
  const [west, east] = box.lngRanges[0] ?? [-180, 180];
  const { rows } = await sql<{
    id: number;
    distance: number;
  }>`select "locations"."id", ${haversineOf(search.lat, search.lng)} as "distance"
    from "location_boxes" cross join "locations" on "locations"."id" = "location_boxes"."id"
    where "location_boxes"."min_lat" <= ${box.maxLat} and "location_boxes"."max_lat" >= ${box.minLat}
      and "location_boxes"."min_lng" <= ${east} and "location_boxes"."max_lng" >= ${west} and ${withFilter(projectId, search.filter)}
    order by "distance", "locations"."public_id"`.execute(db);
  return rows.filter((row) => row.distance <= reachKm);
}

/** The R*Tree searched with the radius's box at once. */
function rtreeRadius(db: Kysely<Database>, projectId: number): Way {
  return async (search) => (await inRtreeBox(db, projectId, search, RADIUS_KM)).slice(0, LIMIT).map((row) => row.id);
}

/** The R*Tree searched with boxes that double from 1 km until the circle inside one holds enough. */
function rtreeGrowing(db: Kysely<Database>, projectId: number): Way {
  return async (search) => {
    for (let reach = 1; ; reach = Math.min(RADIUS_KM, reach * 2)) {
      const found = await inRtreeBox(db, projectId, search, reach);
      if (found.length >= LIMIT || reach === RADIUS_KM) return found.slice(0, LIMIT).map((row) => row.id);
    }
  };
}

async function timeWay(
  name: string,
  way: Way,
  searches: Search[],
  db: Kysely<Database>,
  readsAnswers: boolean,
): Promise<string> {
  const times: number[] = [];
  let found = 0;
  for (const search of searches) {
    const started = performance.now();
    const ids = await way(search);
    if (readsAnswers) await readAnswers(db, ids);
    times.push(performance.now() - started);
    found += ids.length;
  }
  return `| ${name} | ${(median(times) * 1000).toFixed(0)} | ${((times.reduce((a, b) => a + b, 0) / times.length) * 1000).toFixed(0)} | ${(found / searches.length).toFixed(1)} |`;
}

async function main(): Promise<void> {
  const locations = Number(values.locations);
  const database = await createFreshDatabase(undefined);
  const handle = openDatabase(database.url);
  try {
    await migrateToLatest(handle);
    const seeded = await seedBenchmarkProject(handle.db, { locations });
    const { db } = handle;
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('public_id', '=', seeded.projectId)
      .executeTakeFirstOrThrow();
    await sql`create virtual table "location_boxes" using rtree("id", "min_lat", "max_lat", "min_lng", "max_lng")`.execute(
      db,
    );
    await sql`insert into "location_boxes" select "id", "lat", "lat", "lng", "lng" from "locations" where "lat" is not null`.execute(
      db,
    );

    const random = seededRandom(11);
    const context = SEARCHES_ONLY;
    const searches = Array.from({ length: Number(values.searches) }, (_, n) => {
      const query = new URL(`http://bench${requestFor('public-search', context, n, random).path}`).searchParams;
      return { lat: Number(query.get('lat')), lng: Number(query.get('lng')), filter: query.get('filters') ?? '' };
    });

    const bodies = new FinderBodies(256 * 1024 * 1024);
    const indexes = new StoreFinderIndexes((ids) => bodies.forget(ids));
    const access = await createPublishableKeys({ db, clock: systemClock }).accessOf(seeded.publishableKey);
    const built = performance.now();
    await indexes.of(db, access, Date.now());
    const buildMs = performance.now() - built;
    const geocoder = { name: 'none', geocode: async () => null };
    const inMemory: Way = async (search) => {
      const result = await searchLocations(
        db,
        { indexes, bodies },
        access,
        {
          place: { kind: 'point', point: search },
          radiusKm: RADIUS_KM,
          limit: LIMIT,
          filters: { names: [search.filter], match: 'all' },
          fallback: false,
        },
        { geocoder, now: Date.now(), clock: Date.now() },
      );
      return result.hits.map((hit) => hit.id);
    };
    // The same answers from every way, or the comparison means nothing.
    for (const search of searches.slice(0, 20)) {
      const expected = await scan(db, project.id)(search);
      for (const way of [rtreeRadius(db, project.id), rtreeGrowing(db, project.id), inMemory]) {
        const ids = await way(search);
        if (ids.join() !== expected.join())
          throw new Error(`different answers near ${search.lat},${search.lng}: ${ids.join()} / ${expected.join()}`);
      }
    }
    const rows = [
      await timeWay(
        'SQL haversine scan, then the 20 records',
        scan(db, project.id),
        searches.slice(0, Math.min(searches.length, 40)),
        db,
        true,
      ),
      await timeWay("R*Tree, the radius's box, then the 20 records", rtreeRadius(db, project.id), searches, db, true),
      await timeWay('R*Tree, growing boxes, then the 20 records', rtreeGrowing(db, project.id), searches, db, true),
      await timeWay('In-memory index (answers kept as JSON)', inMemory, searches, db, false),
    ];
    console.log(
      `${locations.toLocaleString('en-US')} locations, ${searches.length} searches near the metros (nearest ${LIMIT} within ${RADIUS_KM} km, one filter); index built in ${buildMs.toFixed(0)} ms\n`,
    );
    console.log('| Way | median µs | mean µs | found |\n| - | -: | -: | -: |');
    console.log(rows.join('\n'));
  } finally {
    await handle.close();
    await database.dispose();
  }
}

await main();
