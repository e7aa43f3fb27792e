import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  addActionCounts,
  addMetricCounts,
  addPlaceCounts,
  catalogNamesOf,
  deleteCountsBefore,
  existingLocationIds,
  existingProjectIds,
} from './analytics.repository.ts';
import type { MetricCount, TallyBatch } from './search-tally.ts';

/** `projectId|lowercase name` → the name as the project wrote it. */
function namesByKey(rows: readonly { project_id: number; name: string }[]): Map<string, string> {
  return new Map(rows.map((row) => [`${row.project_id}|${row.name.toLowerCase()}`, row.name]));
}

/**
 * The filter and type counts under the project's own names, without the names it has no filter or type of: what a
 * visitor sends as a filter name is any text, and only the project's own names may be stored.
 */
async function withCatalogNames(db: Kysely<Database>, metrics: readonly MetricCount[]): Promise<MetricCount[]> {
  const named = metrics.filter((count) => count.metric === 'filter' || count.metric === 'type');
  if (named.length === 0) return [...metrics];
  const catalog = await catalogNamesOf(db, [...new Set(named.map((count) => count.projectId))]);
  const known = { filter: namesByKey(catalog.filters), type: namesByKey(catalog.types) };
  return metrics.flatMap((count) => {
    if (count.metric !== 'filter' && count.metric !== 'type') return [count];
    const name = known[count.metric].get(`${count.projectId}|${count.key}`);
    return name === undefined ? [] : [{ ...count, key: name }];
  });
}

/** Sorted by their row's key, so processes flushing at once take the rows' locks in the same order. */
const byRow =
  <T extends { projectId: number; day: string }>(key: (item: T) => string) =>
  (a: T, b: T) =>
    a.projectId - b.projectId ||
    (a.day < b.day ? -1 : a.day > b.day ? 1 : key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * Adds a batch of counts to the daily rows in one transaction (and deletes the rows older than `deleteBefore` in it):
 * all of it or nothing, so a batch that failed can be put back whole. Counts of a project or location deleted since
 * are dropped.
 */
export async function writeBatch(
  db: Kysely<Database>,
  batch: TallyBatch,
  deleteBefore: string | undefined,
): Promise<void> {
  const metrics = await withCatalogNames(db, batch.metrics);
  await db.transaction().execute(async (trx) => {
    const projects = await existingProjectIds(trx, [
      ...metrics.map((count) => count.projectId),
      ...batch.places.map((count) => count.projectId),
      ...batch.actions.map((count) => count.projectId),
    ]);
    const locations = await existingLocationIds(
      trx,
      batch.actions.map((count) => count.locationId),
    );
    await addMetricCounts(
      trx,
      metrics.filter((count) => projects.has(count.projectId)).sort(byRow((count) => `${count.metric}|${count.key}`)),
    );
    await addPlaceCounts(
      trx,
      batch.places.filter((count) => projects.has(count.projectId)).sort(byRow((count) => count.place)),
    );
    await addActionCounts(
      trx,
      batch.actions
        .filter((count) => projects.has(count.projectId) && locations.has(count.locationId))
        .sort(byRow((count) => `${count.locationId}|${count.action}`)),
    );
    if (deleteBefore !== undefined) await deleteCountsBefore(trx, deleteBefore);
  });
}
