import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { ProjectCatalog } from '../../domain/catalog.ts';

type CatalogKind = 'type' | 'marker' | 'filter' | 'field' | 'callToAction' | 'image';

/** One configured entry of any kind, as the catalog query returns them side by side (null where a kind has no such column). */
interface CatalogRow {
  kind: CatalogKind;
  id: number;
  public_id: string;
  name: string;
  is_default: number;
  url: string | null;
  priority: number | null;
  label: number | null;
  color: string | null;
  icon_url: string | null;
}

const nothing = <T>(column: string) => sql<T | null>`null`.as(column);
const notDefault = sql<number>`0`.as('is_default');

/** The six small tables side by side (a UNION ALL), each kind in ID order. */
function catalogRows(db: Executor, projectId: number) {
  return db
    .selectFrom('location_types')
    .select([
      sql.lit<CatalogKind>('type').as('kind'),
      'id',
      'public_id',
      'name',
      'is_default',
      nothing('url'),
      'priority',
      'label',
      nothing('color'),
      nothing('icon_url'),
    ])
    .where('project_id', '=', projectId)
    .$castTo<CatalogRow>()
    .unionAll(
      db
        .selectFrom('markers')
        .select([
          sql.lit<CatalogKind>('marker').as('kind'),
          'id',
          'public_id',
          'name',
          'is_default',
          nothing('url'),
          nothing('priority'),
          nothing('label'),
          'color',
          'icon_url',
        ])
        .where('project_id', '=', projectId)
        .$castTo<CatalogRow>(),
    )
    .unionAll(
      db
        .selectFrom('filters')
        .select([
          sql.lit<CatalogKind>('filter').as('kind'),
          'id',
          'public_id',
          'name',
          notDefault,
          nothing('url'),
          nothing('priority'),
          nothing('label'),
          nothing('color'),
          nothing('icon_url'),
        ])
        .where('project_id', '=', projectId)
        .$castTo<CatalogRow>(),
    )
    .unionAll(
      db
        .selectFrom('custom_fields')
        .select([
          sql.lit<CatalogKind>('field').as('kind'),
          'id',
          'public_id',
          'name',
          notDefault,
          nothing('url'),
          nothing('priority'),
          nothing('label'),
          nothing('color'),
          nothing('icon_url'),
        ])
        .where('project_id', '=', projectId)
        .$castTo<CatalogRow>(),
    )
    .unionAll(
      db
        .selectFrom('calls_to_action')
        .select([
          sql.lit<CatalogKind>('callToAction').as('kind'),
          'id',
          'public_id',
          'title as name',
          notDefault,
          nothing('url'),
          nothing('priority'),
          nothing('label'),
          nothing('color'),
          nothing('icon_url'),
        ])
        .where('project_id', '=', projectId)
        .$castTo<CatalogRow>(),
    )
    .unionAll(
      db
        .selectFrom('images')
        .select([
          sql.lit<CatalogKind>('image').as('kind'),
          'id',
          'public_id',
          'name',
          notDefault,
          'url',
          nothing('priority'),
          nothing('label'),
          nothing('color'),
          nothing('icon_url'),
        ])
        .where('project_id', '=', projectId)
        .$castTo<CatalogRow>(),
    )
    .orderBy('id');
}

/**
 * Everything a project configured for its locations, in one query whatever the project's size: every create and
 * update needs it, so it is one round trip, not six.
 */
export async function loadCatalog(db: Executor, projectId: number): Promise<ProjectCatalog> {
  const rows = await catalogRows(db, projectId).execute();
  const of = (kind: CatalogKind) => rows.filter((row) => row.kind === kind);
  return {
    types: of('type').map((t) => ({
      id: t.id,
      publicId: t.public_id,
      name: t.name,
      priority: t.priority ?? 0,
      isDefault: t.is_default === 1,
      label: t.label ?? 0,
    })),
    markers: of('marker').map((m) => ({
      id: m.id,
      publicId: m.public_id,
      name: m.name,
      color: m.color,
      iconUrl: m.icon_url,
      isDefault: m.is_default === 1,
    })),
    filters: of('filter').map(({ id, public_id, name }) => ({ id, publicId: public_id, name })),
    fields: of('field').map(({ id, public_id, name }) => ({ id, publicId: public_id, name })),
    callsToAction: of('callToAction').map(({ id, public_id, name }) => ({ id, publicId: public_id, title: name })),
    images: of('image').map(({ name, url }) => ({ name, url: url ?? '' })),
  };
}
