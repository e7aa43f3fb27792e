import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';

/** The tables of what a project configures for its locations. */
export type SettingTable = 'location_types' | 'markers' | 'filters' | 'custom_fields' | 'calls_to_action';
/** A row of one of those tables; the keys every one of them has are spelled out, as generic code needs them. */
export type SettingRow<T extends SettingTable> = Selectable<Database[T]> & {
  id: number;
  public_id: string;
  project_id: number;
  position: number;
};

/** The tables whose rows may be the project's default, with an `is_default` column. */
export type DefaultingTable = 'location_types' | 'markers';

// Kysely cannot resolve column names against a generic table parameter, so these queries run against the union of
// the five tables (every one has `id`, `public_id` and `project_id`) and state the row type of the one table asked for:
// the query reads exactly that table, so the stated type is the row it returns.

/** Every row of the table in the project, in the project's order (position, then ID). */
export async function listSettings<T extends SettingTable>(
  db: Executor,
  table: T,
  projectId: number,
): Promise<SettingRow<T>[]> {
  const anyTable: SettingTable = table;
  const rows = await db
    .selectFrom(anyTable)
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows as SettingRow<T>[];
}

/** The row with this public ID, only when it belongs to the project. */
export async function findSetting<T extends SettingTable>(
  db: Executor,
  table: T,
  projectId: number,
  publicId: string,
): Promise<SettingRow<T> | undefined> {
  const anyTable: SettingTable = table;
  const row = await db
    .selectFrom(anyTable)
    .selectAll()
    .where('project_id', '=', projectId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return row as SettingRow<T> | undefined;
}

export async function insertSetting<T extends SettingTable>(
  db: Executor,
  table: T,
  row: Insertable<Database[T]>,
): Promise<SettingRow<T>> {
  const inserted = await db
    .insertInto(table)
    .values(row)
    .returningAll()
    .$castTo<SettingRow<T>>()
    .executeTakeFirstOrThrow();
  return inserted as SettingRow<T>;
}

export async function updateSetting<T extends SettingTable>(
  db: Executor,
  table: T,
  id: number,
  changes: Updateable<Database[T]>,
): Promise<SettingRow<T>> {
  const anyTable: SettingTable = table;
  const row = await db.updateTable(anyTable).set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  return row as SettingRow<T>;
}

/** Puts rows at new places in the order. */
export async function setPositions(
  db: Executor,
  table: SettingTable,
  moves: readonly { id: number; position: number }[],
): Promise<void> {
  for (const { id, position } of moves) await db.updateTable(table).set({ position }).where('id', '=', id).execute();
}

/** How many of the project's locations use each row of the table that some use, by the row's ID. */
export async function usageCounts(db: Executor, table: SettingTable, projectId: number): Promise<Map<number, number>> {
  const counted = (rows: { id: number | null; count: number | string | bigint }[]) =>
    new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, Number(row.count)] as const])));
  switch (table) {
    case 'location_types':
    case 'markers': {
      const column = table === 'markers' ? 'marker_id' : 'location_type_id';
      const rows = await db
        .selectFrom('locations')
        .select(({ fn, ref }) => [ref(column).as('id'), fn.countAll().as('count')])
        .where('project_id', '=', projectId)
        .where(column, 'is not', null)
        .groupBy(column)
        .execute();
      return counted(rows as { id: number | null; count: number | string | bigint }[]);
    }
    case 'filters':
      return counted(
        await db
          .selectFrom('location_filters')
          .innerJoin('filters', 'filters.id', 'location_filters.filter_id')
          .select(({ fn }) => ['location_filters.filter_id as id', fn.countAll().as('count')])
          .where('filters.project_id', '=', projectId)
          .groupBy('location_filters.filter_id')
          .execute(),
      );
    case 'custom_fields':
      return counted(
        await db
          .selectFrom('location_field_values')
          .innerJoin('custom_fields', 'custom_fields.id', 'location_field_values.field_id')
          .select(({ fn }) => ['location_field_values.field_id as id', fn.countAll().as('count')])
          .where('custom_fields.project_id', '=', projectId)
          .groupBy('location_field_values.field_id')
          .execute(),
      );
    case 'calls_to_action':
      return counted(
        await db
          .selectFrom('location_calls_to_action')
          .innerJoin('calls_to_action', 'calls_to_action.id', 'location_calls_to_action.call_to_action_id')
          .select(({ fn }) => ['location_calls_to_action.call_to_action_id as id', fn.countAll().as('count')])
          .where('calls_to_action.project_id', '=', projectId)
          .groupBy('location_calls_to_action.call_to_action_id')
          .execute(),
      );
  }
}

/** Deletes the row; the foreign keys detach it from locations (link rows cascade, references become null). */
export async function deleteSetting(db: Executor, table: SettingTable, id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

/** Makes every other row of the project non-default. */
export async function clearOtherDefaults(
  db: Executor,
  table: DefaultingTable,
  projectId: number,
  keepId: number,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ is_default: 0 })
    .where('project_id', '=', projectId)
    .where('is_default', '=', 1)
    .where('id', '!=', keepId)
    .execute();
}

/**
 * Marks the locations that show this row (its name, or a marker's colour and icon, appear in their bodies) as written
 * at `dataVersion`, so the store finder reads them again; with `updatedAt`, also moves their `updated_at`, so clients
 * syncing with `updated_since` see a rename or a deletion.
 */
export async function touchLocationsUsing(
  db: Executor,
  table: SettingTable,
  id: number,
  change: { dataVersion: number; updatedAt?: string },
): Promise<void> {
  const touch = db.updateTable('locations').set({
    data_version: change.dataVersion,
    ...(change.updatedAt === undefined ? {} : { updated_at: change.updatedAt }),
  });
  switch (table) {
    case 'location_types':
      await touch.where('location_type_id', '=', id).execute();
      return;
    case 'markers':
      await touch.where('marker_id', '=', id).execute();
      return;
    case 'filters':
      await touch
        .where('id', 'in', db.selectFrom('location_filters').select('location_id').where('filter_id', '=', id))
        .execute();
      return;
    case 'custom_fields':
      await touch
        .where('id', 'in', db.selectFrom('location_field_values').select('location_id').where('field_id', '=', id))
        .execute();
      return;
    case 'calls_to_action':
      await touch
        .where(
          'id',
          'in',
          db.selectFrom('location_calls_to_action').select('location_id').where('call_to_action_id', '=', id),
        )
        .execute();
      return;
  }
}

/** The IDs of the project's locations that show this row (its name appears in their bodies), in ID order. */
export async function locationIdsUsing(db: Executor, table: SettingTable, id: number): Promise<number[]> {
  const ids = db.selectFrom('locations').select('locations.id').orderBy('locations.id');
  switch (table) {
    case 'location_types':
      return (await ids.where('location_type_id', '=', id).execute()).map((row) => row.id);
    case 'markers':
      return (await ids.where('marker_id', '=', id).execute()).map((row) => row.id);
    case 'filters':
      return (
        await ids
          .where('id', 'in', db.selectFrom('location_filters').select('location_id').where('filter_id', '=', id))
          .execute()
      ).map((row) => row.id);
    case 'custom_fields':
      return (
        await ids
          .where('id', 'in', db.selectFrom('location_field_values').select('location_id').where('field_id', '=', id))
          .execute()
      ).map((row) => row.id);
    case 'calls_to_action':
      return (
        await ids
          .where(
            'id',
            'in',
            db.selectFrom('location_calls_to_action').select('location_id').where('call_to_action_id', '=', id),
          )
          .execute()
      ).map((row) => row.id);
  }
}
