import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { OpeningHoursRow } from '../../db/tables/opening-hours.table.ts';
import { type LocationRecord, scheduleOf } from './location-records.repository.ts';

export interface LocationAttachments {
  hours: Map<number, OpeningHoursRow>;
  filters: Map<number, { id: string; name: string }[]>;
  fields: Map<number, { id: string; name: string; value: string }[]>;
  callsToAction: Map<number, { id: string; title: string; value: string }[]>;
}

export interface AttachmentSelection {
  hours: boolean;
  filters: boolean;
  fields: boolean;
  callsToAction: boolean;
}

type AttachedKind = 'filter' | 'field' | 'callToAction';
interface AttachedRow {
  kind: AttachedKind;
  location_id: number;
  catalog_id: number;
  public_id: string;
  name: string;
  value: string | null;
}

/**
 * Each kind's part of the attachments query, as SQL text over the locations' IDs (`:ids`): one row per attached item
 * with its catalog entry. Text rather than Kysely's builder for the reason `SELECT_RECORDS` gives (building this
 * union took longer than running it).
 */
const ATTACHED_PARTS: Record<AttachedKind, (ids: RawBuilder<unknown>) => RawBuilder<AttachedRow>> = {
  filter: (
    ids,
  ) => sql`select 'filter' as "kind", "location_filters"."location_id", "location_filters"."filter_id" as "catalog_id",
    "filters"."public_id", "filters"."name", null as "value"
    from "location_filters" inner join "filters" on "filters"."id" = "location_filters"."filter_id"
    where "location_filters"."location_id" in (${ids})`,
  field: (
    ids,
  ) => sql`select 'field' as "kind", "location_field_values"."location_id", "location_field_values"."field_id" as "catalog_id",
    "custom_fields"."public_id", "custom_fields"."name", "location_field_values"."value"
    from "location_field_values" inner join "custom_fields" on "custom_fields"."id" = "location_field_values"."field_id"
    where "location_field_values"."location_id" in (${ids})`,
  callToAction: (ids) => sql`select 'callToAction' as "kind", "location_calls_to_action"."location_id",
    "location_calls_to_action"."call_to_action_id" as "catalog_id", "calls_to_action"."public_id", "calls_to_action"."title" as "name",
    "location_calls_to_action"."value"
    from "location_calls_to_action" inner join "calls_to_action" on "calls_to_action"."id" = "location_calls_to_action"."call_to_action_id"
    where "location_calls_to_action"."location_id" in (${ids})`,
};

/** The filters, fields and calls to action of the given locations, of the kinds asked for: one UNION ALL. */
async function attachedRows(
  db: Executor,
  selection: Omit<AttachmentSelection, 'hours'>,
  locationIds: number[],
): Promise<AttachedRow[]> {
  const kinds = (['filter', 'field', 'callToAction'] as const).filter(
    (kind) => selection[kind === 'filter' ? 'filters' : kind === 'field' ? 'fields' : 'callsToAction'],
  );
  if (kinds.length === 0 || locationIds.length === 0) return [];
  const ids = sql.join(locationIds);
  const union = sql.join(
    kinds.map((kind) => ATTACHED_PARTS[kind](ids)),
    sql` union all `,
  );
  // By location, then by the attached row's catalog ID: each part's primary-key order, so no part is sorted apart.
  const { rows } = await sql<AttachedRow>`${union} order by "location_id", "catalog_id"`.execute(db);
  return rows;
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Hours, filters, fields and calls to action of many locations: the hours from the records themselves, the filters,
 * fields and calls to action in one query whatever their number (a UNION ALL, in catalog order within each kind).
 */
export async function loadAttachments(
  db: Executor,
  records: LocationRecord[],
  selection: AttachmentSelection,
): Promise<LocationAttachments> {
  const attachments: LocationAttachments = {
    hours: new Map(),
    filters: new Map(),
    fields: new Map(),
    callsToAction: new Map(),
  };
  if (records.length === 0) return attachments;
  if (selection.hours) {
    for (const record of records) {
      const schedule = scheduleOf(record);
      if (record.hours_name !== null && schedule)
        attachments.hours.set(record.id, { location_id: record.id, name: record.hours_name, ...schedule });
    }
  }
  const rows = await attachedRows(
    db,
    selection,
    records.map((record) => record.id),
  );
  for (const row of rows) {
    if (row.kind === 'filter') push(attachments.filters, row.location_id, { id: row.public_id, name: row.name });
    else if (row.kind === 'field')
      push(attachments.fields, row.location_id, { id: row.public_id, name: row.name, value: row.value ?? '' });
    else
      push(attachments.callsToAction, row.location_id, { id: row.public_id, title: row.name, value: row.value ?? '' });
  }
  return attachments;
}
