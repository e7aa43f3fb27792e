import tzlookup from '@photostructure/tz-lookup';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// Opening hours are wall-clock times of the location's zone, and dates may have special hours. The zone is derived
// from the coordinates unless a user set it (`time_zone_manual`), as a user's pin wins over geocoding. Special hours
// are read and written as one list with the location, so they are one JSON column rather than a table of their own.
// Existing locations with coordinates get their zone here; a migration keeps its own derivation, whatever the code
// does later.

const BATCH = 1000;

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('locations').addColumn('time_zone', 'text').execute();
  await db.schema
    .alterTable('locations')
    .addColumn('time_zone_manual', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('locations').addColumn('special_hours', 'text').execute();
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; lat: number; lng: number }>`
      select id, lat, lng from locations
      where id > ${after} and lat is not null and lng is not null and lat <> 0 and lng <> 0
      order by id limit ${BATCH}`.execute(db);
    for (const row of rows)
      await sql`update locations set time_zone = ${tzlookup(row.lat, row.lng)} where id = ${row.id}`.execute(db);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.id;
  }
}

export async function down(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  for (const column of ['special_hours', 'time_zone_manual', 'time_zone'])
    await db.schema.alterTable('locations').dropColumn(column).execute();
}
