import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { LocationRow } from '../../db/tables/locations.table.ts';
import {
  ATTENTION_KINDS,
  type AttentionKind,
  escapeLike,
  type LocationFilter,
  type LocationListQuery,
  type TextFilter,
} from '../../domain/location-list.ts';
import { type LocationRecord, selectRecords } from './location-reads.repository.ts';

function applyTextFilter(eb: ExpressionBuilder<Database, 'locations'>, filter: TextFilter) {
  const column = eb.fn<string>('lower', [eb.ref(`locations.${filter.field}`)]);
  const value = filter.value.toLowerCase();
  switch (filter.operator) {
    case 'eq':
      return eb(column, '=', value);
    case 'ne':
      return eb.or([eb(`locations.${filter.field}`, 'is', null), eb(column, '<>', value)]);
    case 'like':
      return eb(column, 'like', sql<string>`${`%${escapeLike(value)}%`} escape '\\'`);
  }
}

/** The columns `q` searches: what a person knows a store by. */
const SEARCHED_COLUMNS = ['name', 'city', 'postcode', 'external_id'] as const;

function matchesSearch(eb: ExpressionBuilder<Database, 'locations'>, text: string) {
  const pattern = sql<string>`${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
  return eb.or(
    SEARCHED_COLUMNS.map((column) => eb(eb.fn<string>('lower', [eb.ref(`locations.${column}`)]), 'like', pattern)),
  );
}

const WEEKDAY_COLUMNS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function needsAttention(eb: ExpressionBuilder<Database, 'locations'>, kind: AttentionKind) {
  switch (kind) {
    case 'no_coordinates':
      return eb.or([
        eb('locations.lat', 'is', null),
        eb('locations.lat', '=', 0),
        eb('locations.lng', 'is', null),
        eb('locations.lng', '=', 0),
      ]);
    case 'geocoding_failed':
      return eb('locations.geocoding_status', '=', 'failed');
    case 'no_hours':
      // No schedule, or one that names no day (every day unknown).
      return eb.not(
        eb.exists(
          eb
            .selectFrom('opening_hours')
            .select('opening_hours.location_id')
            .whereRef('opening_hours.location_id', '=', 'locations.id')
            .where((inner) => inner.or(WEEKDAY_COLUMNS.map((day) => inner(`opening_hours.${day}`, 'is not', null)))),
        ),
      );
    case 'hidden':
      return eb('locations.visible', '=', 0);
  }
}

function filteredLocations(db: Executor, projectId: number, query: LocationFilter) {
  let builder = db.selectFrom('locations').where('locations.project_id', '=', projectId);
  for (const filter of query.filters) builder = builder.where((eb) => applyTextFilter(eb, filter));
  const { q, attention } = query;
  if (q !== undefined) builder = builder.where((eb) => matchesSearch(eb, q));
  if (attention !== undefined)
    builder = builder.where((eb) =>
      attention === 'any'
        ? eb.or(ATTENTION_KINDS.map((kind) => needsAttention(eb, kind)))
        : needsAttention(eb, attention),
    );
  if (query.visible !== undefined) builder = builder.where('locations.visible', '=', query.visible ? 1 : 0);
  if (query.phoneValid === true) builder = builder.where('locations.phone_e164', 'is not', null);
  if (query.phoneValid === false)
    builder = builder.where('locations.phone', 'is not', null).where('locations.phone_e164', 'is', null);
  if (query.externalId !== undefined) builder = builder.where('locations.external_id', '=', query.externalId);
  if (query.updatedSince !== undefined) builder = builder.where('locations.updated_at', '>=', query.updatedSince);
  return builder;
}

export async function countLocations(db: Executor, projectId: number, query: LocationFilter): Promise<number> {
  const row = await filteredLocations(db, projectId, query)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders by the sort key, then the ID, so pages never repeat or skip. */
function inListOrder<TB extends keyof Database, O>(
  builder: SelectQueryBuilder<Database, TB | 'locations', O>,
  sort: LocationListQuery['sort'],
) {
  const direction = sort.descending ? 'desc' : 'asc';
  // Missing values sort as the smallest on both dialects (PostgreSQL would put them last when ascending).
  // References by name (the key is one of SORT_KEYS), as the builder is generic over the tables joined.
  const sorted =
    sort.key === 'id'
      ? builder
      : builder.orderBy(sql.ref(`locations.${sort.key}`), (order) =>
          sort.descending ? order.desc().nullsLast() : order.asc().nullsFirst(),
        );
  return sorted.orderBy(sql.ref('locations.id'), direction);
}

/**
 * One page of a project's locations in a stable order. The page's IDs are picked first from the locations table alone
 * (an index walk when ordered by ID), and only their rows are joined and read, so a deep page does not join every row
 * before it.
 */
export async function listLocationRecords(
  db: Executor,
  projectId: number,
  query: LocationListQuery,
): Promise<LocationRecord[]> {
  const pageIds = inListOrder(filteredLocations(db, projectId, query).select('locations.id'), query.sort)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const direction = sql.raw(query.sort.descending ? 'desc' : 'asc');
  // The same order as the page's IDs, missing values first when ascending (see `inListOrder`).
  const byKey =
    query.sort.key === 'id'
      ? sql``
      : sql`${sql.ref(`locations.${query.sort.key}`)} ${direction} ${sql.raw(query.sort.descending ? 'nulls last' : 'nulls first')}, `;
  return selectRecords(db, sql`"locations"."id" in (${pageIds})`, sql`order by ${byKey}"locations"."id" ${direction}`);
}

/**
 * The IDs of a project's locations matching `filter`, in ID order, at most `limit` of them: what a bulk action works
 * on.
 */
export async function matchingLocationIds(
  db: Executor,
  projectId: number,
  filter: LocationFilter,
  limit: number,
): Promise<number[]> {
  const rows = await filteredLocations(db, projectId, filter)
    .select('locations.id')
    .orderBy('locations.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The IDs of a project's locations by their public IDs (those of another project or of none are left out). */
export async function locationIdsByPublicId(
  db: Executor,
  projectId: number,
  publicIds: readonly string[],
): Promise<Map<string, number>> {
  if (publicIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'public_id'])
    .where('project_id', '=', projectId)
    .where('public_id', 'in', publicIds)
    .execute();
  return new Map(rows.map((row) => [row.public_id, row.id]));
}

/** The locations of a project named by any of these public or external IDs, with their type, marker and hours. */
export async function findRecordsByKeys(
  db: Executor,
  projectId: number,
  keys: { publicIds: readonly string[]; externalIds: readonly string[]; names?: readonly string[] },
): Promise<LocationRecord[]> {
  const names = [...new Set((keys.names ?? []).map((name) => name.trim().toLowerCase()))];
  const named = [
    ...(names.length > 0 ? [sql`lower("locations"."name") in (${sql.join(names)})`] : []),
    ...(keys.publicIds.length > 0 ? [sql`"locations"."public_id" in (${sql.join(keys.publicIds)})`] : []),
    ...(keys.externalIds.length > 0 ? [sql`"locations"."external_id" in (${sql.join(keys.externalIds)})`] : []),
  ];
  // One query per kind of key, each on its own index: for an `or` of `in` lists SQLite scans the whole project (a
  // second per batch of an import at 100,000 locations).
  const found = new Map<number, LocationRecord>();
  for (const condition of named) {
    for (const record of await selectRecords(db, sql`"locations"."project_id" = ${projectId} and ${condition}`))
      found.set(record.id, record);
  }
  return [...found.values()];
}

/** The next `limit` locations of a project after the ID `afterId`, in ID order: an export's next page, however deep. */
export async function recordsAfter(
  db: Executor,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<LocationRecord[]> {
  return selectRecords(
    db,
    sql`"locations"."project_id" = ${projectId} and "locations"."id" > ${afterId}`,
    sql`order by "locations"."id" limit ${limit}`,
  );
}

/** Every location of a project that has an external ID: the candidates of an import's `delete_missing`. */
export async function keyedLocations(
  db: Executor,
  projectId: number,
): Promise<{ id: number; public_id: string; external_id: string; name: string }[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'public_id', 'external_id', 'name'])
    .where('project_id', '=', projectId)
    .where('external_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, external_id: row.external_id ?? '' }));
}

/** The locations of a project a bulk geocode works on: those `missing` coordinates, or `all` not set by hand. */
export async function locationsToGeocode(
  db: Executor,
  projectId: number,
  scope: 'missing' | 'all',
): Promise<LocationRow[]> {
  const query = db.selectFrom('locations').selectAll().where('project_id', '=', projectId).orderBy('id');
  return scope === 'missing'
    ? query
        .where((eb) => eb.or([eb('lat', 'is', null), eb('lat', '=', 0), eb('lng', 'is', null), eb('lng', '=', 0)]))
        .execute()
    : query.where('geocoding_status', '<>', 'manual').execute();
}
