import type { LocationRow } from '../db/tables/locations.table.ts';
import type { ProjectCatalog } from '../domain/catalog.ts';
import type { LocationWritePlan, ValuesChange } from '../domain/location-write.ts';
import type { LocationAttachments, LocationRecord } from '../repositories/locations.repository.ts';
import type { LocationView } from './locations.service.ts';

/** The values a create saves from a change of fields or calls to action: a new location has none to merge with. */
function savedValues(change: ValuesChange): Map<number, string> {
  if (change.kind === 'replace') return change.values;
  if (change.kind === 'merge') return change.upsert;
  return new Map();
}

/** Entries by catalog ID, in catalog (ID) order as reads list them; undefined when one is not in the catalog. */
function inCatalogOrder<Entry extends { id: number }, Item>(ids: Iterable<number>, entries: readonly Entry[], item: (entry: Entry) => Item): Item[] | undefined {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const items: Item[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const entry = byId.get(id);
    if (!entry) return undefined;
    items.push(item(entry));
  }
  return items;
}

/**
 * The location a create saved, as a read of it would return it, built from the row the insert returned, the plan
 * the create wrote and the catalog that plan was made from, instead of reading the record and its attachments back:
 * two queries of the dozen a create runs. Undefined when the catalog lacks an entry the plan names (it cannot, as the
 * plan picks from it); the caller then reads the location back. The revision is the inserted row's: triggers move it
 * as the attachments are written, and no answer shows it.
 */
export function createdLocationView(row: LocationRow, plan: LocationWritePlan, catalog: ProjectCatalog, scheduleName: string): LocationView | undefined {
  const type = row.location_type_id === null ? null : catalog.types.find((entry) => entry.id === row.location_type_id);
  const marker = row.marker_id === null ? null : catalog.markers.find((entry) => entry.id === row.marker_id);
  if (type === undefined || marker === undefined) return undefined;
  const hours = plan.hours.kind === 'set' ? plan.hours.hours : null;
  // Added to the inserted row in place, which is this create's own: a driver's row of this many columns can be a
  // dictionary-mode object to V8 (PostgreSQL's are; `db/row-objects.ts` makes SQLite's fast), which a spread copies
  // property by property (about 20 µs, more than the rest of this function).
  const record: LocationRecord = Object.assign(row, {
    type_public_id: type?.publicId ?? null,
    type_name: type?.name ?? null,
    type_priority: type?.priority ?? null,
    type_is_default: type ? (type.isDefault ? 1 : 0) : null,
    type_label: type?.label ?? null,
    marker_public_id: marker?.publicId ?? null,
    marker_name: marker?.name ?? null,
    marker_color: marker?.color ?? null,
    marker_icon_url: marker?.iconUrl ?? null,
    hours_name: hours ? scheduleName : null,
    hours_mon: hours?.mon ?? null,
    hours_tue: hours?.tue ?? null,
    hours_wed: hours?.wed ?? null,
    hours_thu: hours?.thu ?? null,
    hours_fri: hours?.fri ?? null,
    hours_sat: hours?.sat ?? null,
    hours_sun: hours?.sun ?? null,
  });
  const fieldValues = savedValues(plan.fields);
  const ctaValues = savedValues(plan.callsToAction);
  const filters = inCatalogOrder(plan.filters ?? [], catalog.filters, (filter) => ({ id: filter.publicId, name: filter.name }));
  const fields = inCatalogOrder(fieldValues.keys(), catalog.fields, (field) => ({ id: field.publicId, name: field.name, value: fieldValues.get(field.id) ?? '' }));
  const callsToAction = inCatalogOrder(ctaValues.keys(), catalog.callsToAction, (cta) => ({ id: cta.publicId, title: cta.title, value: ctaValues.get(cta.id) ?? '' }));
  if (!filters || !fields || !callsToAction) return undefined;
  const attachments: LocationAttachments = { hours: new Map(), filters: new Map(), fields: new Map(), callsToAction: new Map() };
  if (hours) attachments.hours.set(row.id, { location_id: row.id, name: scheduleName, ...hours });
  if (filters.length > 0) attachments.filters.set(row.id, filters);
  if (fields.length > 0) attachments.fields.set(row.id, fields);
  if (callsToAction.length > 0) attachments.callsToAction.set(row.id, callsToAction);
  return { record, attachments };
}
