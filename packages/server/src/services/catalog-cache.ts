import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';
import type { ProjectCatalog } from '../domain/catalog.ts';
import { loadCatalog } from '../repositories/catalog.repository.ts';
import type { Executor } from '../repositories/executor.ts';
import { findCatalogRevision } from '../repositories/projects.repository.ts';

const PROJECTS_KEPT = 1_000;

interface KeptCatalog {
  revision: number;
  catalog: ProjectCatalog;
}

/** Each database (each app, each test server) keeps its own catalogs: project IDs mean nothing across databases. */
const keptCatalogs = new WeakMap<Kysely<Database>, LRUCache<number, KeptCatalog>>();

/**
 * The project's catalog as it stands now, which every location write plans from. It is loaded again only when its
 * revision (moved by triggers on any change, by any process) differs from the one kept, so a write costs one
 * single-row read instead of the six-table catalog query. `db` names the database; `executor` is the connection or
 * transaction to read on.
 */
export async function currentCatalog(db: Kysely<Database>, executor: Executor, projectId: number): Promise<ProjectCatalog> {
  let kept = keptCatalogs.get(db);
  if (!kept) {
    kept = new LRUCache({ max: PROJECTS_KEPT });
    keptCatalogs.set(db, kept);
  }
  const revision = await findCatalogRevision(executor, projectId);
  const hit = kept.get(projectId);
  if (hit?.revision === revision) return hit.catalog;
  const catalog = await loadCatalog(executor, projectId);
  kept.set(projectId, { revision, catalog });
  return catalog;
}
