import { type ExpressionBuilder, sql, type UpdateObject } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { LocationFieldValuesTable } from '../../db/tables/location-field-values.table.ts';
import type { InsertableLocationRow } from '../../db/tables/locations.table.ts';
import { WEEKDAYS, type WeeklyHours } from '../../domain/hours.ts';
import type { LocationColumns, LocationWritePlan } from '../../domain/location-input.ts';
import { isoOf } from '../../domain/time.ts';
import { timeZoneAt } from '../../domain/time-zones.ts';

// Every write of locations, one location or a thousand (an import's batch) alike. Each runs in the caller's
// transaction, after `lockProjectForChange`.

/**
 * Parameters of one multi-row statement. PostgreSQL plans a statement of 20,000 parameters several times slower per
 * row than five of 4,000 (measured for a 500-row insert of locations, docs/decisions/bulk-import.md); SQLite does not
 * mind either way.
 */
const PARAMETERS_PER_STATEMENT = 4000;

/** `rows` in slices whose parameters (`columns` each) stay within PARAMETERS_PER_STATEMENT. */
function slices<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns));
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}

/** Which of these slugs the project's locations already have (exact matches, so each is an index probe). */
export async function takenSlugs(db: Executor, projectId: number, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db
    .selectFrom('locations')
    .select('slug')
    .where('project_id', '=', projectId)
    .where('slug', 'in', slugs)
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/** Inserts locations, every row naming the same columns; returns their IDs by public ID. */
export async function insertLocations(db: Executor, rows: InsertableLocationRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const slice of slices(rows, Object.keys(rows[0] ?? {}).length)) {
    const inserted = await db.insertInto('locations').values(slice).returning(['id', 'public_id']).execute();
    // RETURNING does not promise the order of the VALUES list.
    for (const row of inserted) ids.set(row.public_id, row.id);
  }
  return ids;
}

/**
 * Writes only the changed columns (undefined ones are left out), so concurrent writes of different fields both persist.
 */
export async function updateLocationColumns(
  db: Executor,
  id: number,
  columns: LocationColumns & { updated_at: string; data_version: number },
): Promise<void> {
  // The saved location is built from what was written, not read back: a row that is gone must fail the write.
  const { numUpdatedRows } = await db.updateTable('locations').set(columns).where('id', '=', id).executeTakeFirst();
  if (numUpdatedRows !== 1n) throw new Error(`location ${id} was to be updated but is gone`);
}

/** Sets the weekly schedules of locations, replacing those they had. */
async function saveHoursOfMany(
  db: Executor,
  name: string,
  schedules: { locationId: number; hours: WeeklyHours }[],
): Promise<void> {
  for (const slice of slices(schedules, 2 + WEEKDAYS.length)) {
    await db
      .insertInto('opening_hours')
      .values(slice.map(({ locationId, hours }) => ({ location_id: locationId, name, ...hours })))
      .onConflict((conflict) =>
        conflict
          .column('location_id')
          .doUpdateSet((eb) => Object.fromEntries(WEEKDAYS.map((day) => [day, eb.ref(`excluded.${day}`)]))),
      )
      .execute();
  }
}

/** The tables of what a location has attached, each keyed by `location_id`. */
type AttachmentTable = 'opening_hours' | 'location_filters' | 'location_field_values' | 'location_calls_to_action';

/** Removes everything of one kind attached to any of these locations. */
async function clearAttachedOfMany(db: Executor, table: AttachmentTable, locationIds: number[]): Promise<void> {
  if (locationIds.length === 0) return;
  // Typed as the filters' table: Kysely cannot type a table chosen at run time, and all four have `location_id`.
  await db
    .deleteFrom(table as 'location_filters')
    .where('location_id', 'in', locationIds)
    .execute();
}

/** Adds filters to locations that have none of them. */
async function insertFiltersOfMany(db: Executor, rows: { location_id: number; filter_id: number }[]): Promise<void> {
  for (const slice of slices(rows, 2)) await db.insertInto('location_filters').values(slice).execute();
}

type ValueTable = 'location_field_values' | 'location_calls_to_action';
const VALUE_KEY = { location_field_values: 'field_id', location_calls_to_action: 'call_to_action_id' } as const;

/** Sets values (fields or calls to action) of locations by catalog ID, leaving the others as they are. */
async function upsertValuesOfMany(
  db: Executor,
  table: ValueTable,
  rows: { locationId: number; id: number; value: string }[],
): Promise<void> {
  const key = VALUE_KEY[table];
  for (const slice of slices(rows, 3)) {
    // Both tables have the same shape under another key column; typed as the fields' one.
    await db
      .insertInto(table as 'location_field_values')
      .values(
        slice.map(
          ({ locationId, id, value }) =>
            ({ location_id: locationId, [key]: id, value }) as unknown as LocationFieldValuesTable,
        ),
      )
      .onConflict((conflict) =>
        conflict.columns(['location_id', key as 'field_id']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute();
  }
}

/** Removes some values (fields or calls to action, by catalog ID) of one location. */
async function removeValues(db: Executor, table: ValueTable, locationId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from ${sql.table(table)} where location_id = ${locationId} and ${sql.ref(VALUE_KEY[table])} in (${sql.join(ids)})`.execute(
    db,
  );
}

/** The name of the one weekly schedule a location has. */
export const SCHEDULE_NAME = 'Opening hours';

interface ValueWrites {
  cleared: number[];
  removed: { locationId: number; ids: number[] }[];
  upserts: { locationId: number; id: number; value: string }[];
}

const noValueWrites = (): ValueWrites => ({ cleared: [], removed: [], upserts: [] });

/** The attachment writes of many plans gathered by kind, so each kind is a few statements for the whole batch. */
export class AttachmentWrites {
  readonly #hours: { locationId: number; hours: WeeklyHours }[] = [];
  readonly #hoursRemoved: number[] = [];
  readonly #filtersCleared: number[] = [];
  readonly #filters: { location_id: number; filter_id: number }[] = [];
  readonly #values: Record<ValueTable, ValueWrites> = {
    location_field_values: noValueWrites(),
    location_calls_to_action: noValueWrites(),
  };

  /** Gathers what a plan attaches; a location just `created` has nothing attached yet, so nothing is cleared first. */
  add(locationId: number, plan: LocationWritePlan, created: boolean): void {
    if (plan.hours.kind === 'set') this.#hours.push({ locationId, hours: plan.hours.hours });
    if (plan.hours.kind === 'remove') this.#hoursRemoved.push(locationId);
    if (plan.filters) {
      if (!created) this.#filtersCleared.push(locationId);
      for (const filterId of plan.filters) this.#filters.push({ location_id: locationId, filter_id: filterId });
    }
    for (const [table, change] of [
      ['location_field_values', plan.fields],
      ['location_calls_to_action', plan.callsToAction],
    ] as const) {
      const writes = this.#values[table];
      if (change.kind === 'replace') {
        if (!created) writes.cleared.push(locationId);
        for (const [id, value] of change.values) writes.upserts.push({ locationId, id, value });
      }
      if (change.kind === 'merge') {
        if (change.remove.length > 0) writes.removed.push({ locationId, ids: change.remove });
        for (const [id, value] of change.upsert) writes.upserts.push({ locationId, id, value });
      }
    }
  }

  /** Clears first, then adds: the same order as a single location's write. */
  async save(trx: Executor): Promise<void> {
    await saveHoursOfMany(trx, SCHEDULE_NAME, this.#hours);
    await clearAttachedOfMany(trx, 'opening_hours', this.#hoursRemoved);
    await clearAttachedOfMany(trx, 'location_filters', this.#filtersCleared);
    await insertFiltersOfMany(trx, this.#filters);
    for (const table of ['location_field_values', 'location_calls_to_action'] as const) {
      const { cleared, removed, upserts } = this.#values[table];
      await clearAttachedOfMany(trx, table, cleared);
      for (const { locationId, ids } of removed) await removeValues(trx, table, locationId, ids);
      await upsertValuesOfMany(trx, table, upserts);
    }
  }
}

/** How long a deletion is remembered for the store finder's indexes; one not refreshed for longer builds again. */
export const DELETIONS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes locations of a project with everything attached to them, leaving each ID with the data version of the
 * delete in `deleted_locations` for the store finder, and forgets the project's deletions older than
 * `DELETIONS_KEPT_MS`; returns how many there were.
 */
export async function deleteLocations(
  db: Executor,
  projectId: number,
  ids: number[],
  change: { dataVersion: number; now: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .deleteFrom('locations')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  if (deleted.length === 0) return 0;
  await db
    .deleteFrom('deleted_locations')
    .where('project_id', '=', projectId)
    .where('deleted_at', '<', isoOf(change.now - DELETIONS_KEPT_MS))
    .execute();
  for (const slice of slices(deleted, 4)) {
    await db
      .insertInto('deleted_locations')
      .values(
        slice.map(({ id }) => ({
          project_id: projectId,
          location_id: id,
          data_version: change.dataVersion,
          deleted_at: isoOf(change.now),
        })),
      )
      .execute();
  }
  return deleted.length;
}

type LocationUpdate = (eb: ExpressionBuilder<Database, 'locations'>) => UpdateObject<Database, 'locations'>;

/**
 * Geocoded coordinates of a location, with the zone they lie in unless a user set the zone, written at `dataVersion`.
 */
export function geocodedColumns(
  geocoded: { lat: number; lng: number; precision: string },
  change: { now: number; dataVersion: number },
): LocationUpdate {
  const zone = timeZoneAt(geocoded.lat, geocoded.lng);
  return (eb) => ({
    lat: geocoded.lat,
    lng: geocoded.lng,
    geocoding_status: 'done',
    geocoding_precision: geocoded.precision,
    time_zone: eb.case().when('time_zone_manual', '=', 1).then(eb.ref('time_zone')).else(zone).end(),
    updated_at: isoOf(change.now),
    data_version: change.dataVersion,
  });
}

/** Saves a geocoded pin unless the location has coordinates by now (a user's pin wins); whether it did. */
export async function saveGeocodedPin(db: Executor, locationId: number, columns: LocationUpdate): Promise<boolean> {
  const saved = await db
    .updateTable('locations')
    .set(columns)
    .where('id', '=', locationId)
    .where((eb) => eb.or([eb('lat', 'is', null), eb('lat', '=', 0), eb('lng', 'is', null), eb('lng', '=', 0)]))
    .executeTakeFirst();
  return Number(saved.numUpdatedRows) > 0;
}

/** Saves a geocoded pin over any but one a user set (a bulk re-geocode); whether it did. */
export async function replaceGeocodedPin(db: Executor, locationId: number, columns: LocationUpdate): Promise<boolean> {
  const saved = await db
    .updateTable('locations')
    .set(columns)
    .where('id', '=', locationId)
    .where('geocoding_status', '<>', 'manual')
    .executeTakeFirst();
  return Number(saved.numUpdatedRows) > 0;
}

/** Marks a location whose address found no place, unless it left `pending` meanwhile; whether it did. */
export async function markGeocodingFailed(db: Executor, locationId: number, dataVersion: number): Promise<boolean> {
  const result = await db
    .updateTable('locations')
    .set({ geocoding_status: 'failed', data_version: dataVersion })
    .where('id', '=', locationId)
    .where('geocoding_status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
