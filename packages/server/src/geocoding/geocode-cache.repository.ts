import type { Executor } from '../db/executor.ts';
import type { GeocodeCacheRow, InsertableGeocodeCacheRow } from '../db/tables/geocode-cache.table.ts';

export async function findGeocodeCacheEntry(
  db: Executor,
  provider: string,
  addressKey: string,
): Promise<GeocodeCacheRow | undefined> {
  return db
    .selectFrom('geocode_cache')
    .selectAll()
    .where('provider', '=', provider)
    .where('address_key', '=', addressKey)
    .executeTakeFirst();
}

/** Stores an answer, replacing an older one for the same provider and address. */
export async function saveGeocodeCacheEntry(db: Executor, entry: InsertableGeocodeCacheRow): Promise<void> {
  await db
    .insertInto('geocode_cache')
    .values(entry)
    .onConflict((conflict) =>
      conflict
        .columns(['provider', 'address_key'])
        .doUpdateSet({ lat: entry.lat, lng: entry.lng, precision: entry.precision, created_at: entry.created_at }),
    )
    .execute();
}
