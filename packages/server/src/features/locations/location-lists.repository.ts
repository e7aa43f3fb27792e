import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { escapeLike, type LocationListQuery, type TextFilter } from '../../domain/location-list.ts';
import { type LocationRecord, selectRecords } from './location-records.repository.ts';

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

function filteredLocations(db: Executor, projectId: number, query: LocationListQuery) {
  let builder = db.selectFrom('locations').where('locations.project_id', '=', projectId);
  for (const filter of query.filters) builder = builder.where((eb) => applyTextFilter(eb, filter));
  if (query.visible !== undefined) builder = builder.where('locations.visible', '=', query.visible ? 1 : 0);
  if (query.externalId !== undefined) builder = builder.where('locations.external_id', '=', query.externalId);
  if (query.updatedSince !== undefined) builder = builder.where('locations.updated_at', '>=', query.updatedSince);
  return builder;
}

export async function countLocations(db: Executor, projectId: number, query: LocationListQuery): Promise<number> {
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
