import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';
import type { ProjectCatalog } from '../domain/catalog.ts';
import { loadCatalog } from '../repositories/catalog.repository.ts';
import type { Executor } from '../repositories/executor.ts';

const PROJECTS_KEPT = 1_000;

interface KeptCatalog {
  revision: number;
  catalog: ProjectCatalog;
}

/** Each database (each app, each test server) keeps its own catalogs: project IDs mean nothing across databases. */
const keptCatalogs = new WeakMap<Kysely<Database>, LRUCache<number, KeptCatalog>>();

/**
 * The project's catalog at `revision`, which every location write plans from. It is loaded again only when that
 * revision (moved by triggers on any change, by any process) differs from the one kept, so a write that has read its
 * project row costs no query instead of the six-table catalog one. `db` names the database; `executor` is the
 * connection or transaction to read on, in which `revision` was read.
 */
export async function currentCatalog(db: Kysely<Database>, executor: Executor, projectId: number, revision: number): Promise<ProjectCatalog> {
  let kept = keptCatalogs.get(db);
  if (!kept) {
    kept = new LRUCache({ max: PROJECTS_KEPT });
    keptCatalogs.set(db, kept);
  }
  const hit = kept.get(projectId);
  if (hit?.revision === revision) return hit.catalog;
  const catalog = await loadCatalog(executor, projectId);
  kept.set(projectId, { revision, catalog });
  return catalog;
}
