import type { ProjectCatalog } from '../domain/catalog.ts';
import type { Executor } from './executor.ts';

/** Everything a project configured for its locations, in six small queries whatever the project's size. */
export async function loadCatalog(db: Executor, projectId: number): Promise<ProjectCatalog> {
  const [types, markers, filters, fields, callsToAction, images] = await Promise.all([
    db.selectFrom('location_types').select(['id', 'name', 'is_default']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('markers').select(['id', 'public_id', 'name', 'is_default']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('filters').select(['id', 'name']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('custom_fields').select(['id', 'name']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('calls_to_action').select(['id', 'title']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('images').select(['name', 'url']).where('project_id', '=', projectId).orderBy('id').execute(),
  ]);
  return {
    types: types.map((t) => ({ id: t.id, name: t.name, isDefault: t.is_default === 1 })),
    markers: markers.map((m) => ({ id: m.id, publicId: m.public_id, name: m.name, isDefault: m.is_default === 1 })),
    filters,
    fields,
    callsToAction,
    images,
  };
}
