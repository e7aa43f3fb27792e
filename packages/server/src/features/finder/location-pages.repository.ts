import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { type LocationRecord, selectRecords } from '../locations/index.ts';

/** A visible location of the project by its slug (unique in the project), with its type, marker and hours. */
export async function findVisibleLocationBySlug(
  db: Executor,
  projectId: number,
  slug: string,
): Promise<LocationRecord | undefined> {
  const [record] = await selectRecords(
    db,
    sql`"locations"."project_id" = ${projectId} and "locations"."slug" = ${slug} and "locations"."visible" = 1`,
  );
  return record;
}

/**
 * What links to a visible location's page: up to `limit` of them after `offset`, in name order (then ID, for names
 * shared).
 */
export async function listVisibleLocationLinks(
  db: Executor,
  projectId: number,
  limit: number,
  offset: number,
): Promise<{ slug: string; name: string; city: string | null; updated_at: string }[]> {
  return db
    .selectFrom('locations')
    .select(['slug', 'name', 'city', 'updated_at'])
    .where('project_id', '=', projectId)
    .where('visible', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}
