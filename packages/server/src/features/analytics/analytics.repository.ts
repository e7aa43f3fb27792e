import type { Executor } from '../../db/executor.ts';
import type { ActionCount, MetricCount, PlaceCount } from './search-tally.ts';

/** Rows per insert: far below either database's limit of bound parameters. */
const ROWS_PER_STATEMENT = 500;

function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += ROWS_PER_STATEMENT) chunks.push(items.slice(at, at + ROWS_PER_STATEMENT));
  return chunks;
}

/** Which of these projects still exist (one deleted since its searches were counted takes its counts with it). */
export async function existingProjectIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const chunk of chunksOf([...new Set(ids)])) {
    const rows = await db.selectFrom('projects').select('id').where('id', 'in', chunk).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** Which of these locations still exist. */
export async function existingLocationIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const chunk of chunksOf([...new Set(ids)])) {
    const rows = await db.selectFrom('locations').select('id').where('id', 'in', chunk).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The names of the filters and of the location types of these projects. */
export async function catalogNamesOf(
  db: Executor,
  projectIds: readonly number[],
): Promise<{ filters: { project_id: number; name: string }[]; types: { project_id: number; name: string }[] }> {
  const filters: { project_id: number; name: string }[] = [];
  const types: { project_id: number; name: string }[] = [];
  for (const chunk of chunksOf(projectIds)) {
    filters.push(
      ...(await db.selectFrom('filters').select(['project_id', 'name']).where('project_id', 'in', chunk).execute()),
    );
    types.push(
      ...(await db
        .selectFrom('location_types')
        .select(['project_id', 'name'])
        .where('project_id', 'in', chunk)
        .execute()),
    );
  }
  return { filters, types };
}

/** Adds counts to the daily rows, making the rows that do not exist yet (several processes add up). */
export async function addMetricCounts(db: Executor, counts: readonly MetricCount[]): Promise<void> {
  for (const chunk of chunksOf(counts)) {
    await db
      .insertInto('search_counts')
      .values(chunk.map((c) => ({ project_id: c.projectId, day: c.day, metric: c.metric, key: c.key, count: c.count })))
      .onConflict((conflict) =>
        conflict
          .columns(['project_id', 'day', 'metric', 'key'])
          .doUpdateSet((eb) => ({ count: eb('search_counts.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  }
}

/** Adds place counts to the daily rows; a row keeps the point it was made with. */
export async function addPlaceCounts(db: Executor, counts: readonly PlaceCount[]): Promise<void> {
  for (const chunk of chunksOf(counts)) {
    await db
      .insertInto('search_place_counts')
      .values(
        chunk.map((c) => ({
          project_id: c.projectId,
          day: c.day,
          place: c.place,
          lat: c.lat,
          lng: c.lng,
          searches: c.searches,
          zero_result: c.zeroResult,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['project_id', 'day', 'place']).doUpdateSet((eb) => ({
          searches: eb('search_place_counts.searches', '+', eb.ref('excluded.searches')),
          zero_result: eb('search_place_counts.zero_result', '+', eb.ref('excluded.zero_result')),
        })),
      )
      .execute();
  }
}

/** Adds visitors' actions to the daily rows. */
export async function addActionCounts(db: Executor, counts: readonly ActionCount[]): Promise<void> {
  for (const chunk of chunksOf(counts)) {
    await db
      .insertInto('location_action_counts')
      .values(
        chunk.map((c) => ({
          project_id: c.projectId,
          day: c.day,
          location_id: c.locationId,
          action: c.action,
          count: c.count,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['project_id', 'day', 'location_id', 'action'])
          .doUpdateSet((eb) => ({ count: eb('location_action_counts.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  }
}

/** Deletes every daily row of a day before `day`. */
export async function deleteCountsBefore(db: Executor, day: string): Promise<void> {
  await db.deleteFrom('search_counts').where('day', '<', day).execute();
  await db.deleteFrom('search_place_counts').where('day', '<', day).execute();
  await db.deleteFrom('location_action_counts').where('day', '<', day).execute();
}

/** The internal ID of a location of the project, by its public ID. */
export async function findLocationId(db: Executor, projectId: number, publicId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return row?.id;
}

interface Period {
  from: string;
  to: string;
}

/** The project's counts by day and measure in a period. */
export function metricCountsIn(db: Executor, projectId: number, { from, to }: Period) {
  return db
    .selectFrom('search_counts')
    .select(['day', 'metric', 'key', 'count'])
    .where('project_id', '=', projectId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

/** The project's searches by place over a period, with a point of each place. */
export async function placeCountsIn(db: Executor, projectId: number, { from, to }: Period) {
  const rows = await db
    .selectFrom('search_place_counts')
    .select((eb) => [
      'place',
      eb.fn.max('lat').as('lat'),
      eb.fn.max('lng').as('lng'),
      eb.fn.sum<number | string>('searches').as('searches'),
      eb.fn.sum<number | string>('zero_result').as('zero_result'),
    ])
    .where('project_id', '=', projectId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('place')
    .execute();
  // PostgreSQL sums integers as bigint, which its driver reads as text.
  return rows.map((row) => ({
    place: row.place,
    lat: Number(row.lat),
    lng: Number(row.lng),
    searches: Number(row.searches),
    zeroResult: Number(row.zero_result),
  }));
}

/** Visitors' actions of the project by day, location and action in a period, with the location's public ID and name. */
export function actionCountsIn(db: Executor, projectId: number, { from, to }: Period) {
  return db
    .selectFrom('location_action_counts as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .select(['a.day', 'a.action', 'a.count', 'l.public_id', 'l.name'])
    .where('a.project_id', '=', projectId)
    .where('a.day', '>=', from)
    .where('a.day', '<=', to)
    .execute();
}

/** Where the project's visible stores are (those the store finder shows: `0` counts as no coordinate). */
export async function visibleStorePoints(db: Executor, projectId: number): Promise<{ lat: number; lng: number }[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['lat', 'lng'])
    .where('project_id', '=', projectId)
    .where('visible', '=', 1)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .execute();
  return rows.flatMap((row) =>
    row.lat === null || row.lng === null || row.lat === 0 || row.lng === 0 ? [] : [{ lat: row.lat, lng: row.lng }],
  );
}
