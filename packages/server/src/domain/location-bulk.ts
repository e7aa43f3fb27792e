import { configuredList, findByName, type ProjectCatalog } from './catalog.ts';
import { addFieldError, type FieldErrors } from './errors.ts';
import { type HoursInput, parseHoursInput } from './hours.ts';
import type { LocationInput } from './location-input.ts';

// A bulk action: one change applied to many locations of a project, planned for each as a PATCH of that change.

/** The changes a bulk action makes; each takes its own key of the change (`filter`, `location_type`, `hours`). */
export const BULK_ACTIONS = ['show', 'hide', 'add_filter', 'remove_filter', 'set_type', 'set_hours', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most locations one bulk action changes: one transaction, bounded so it stays a request's work. */
export const BULK_MAX_LOCATIONS = 5_000;

/** The most IDs a bulk action names (a dashboard sends at most a page of them). */
export const BULK_MAX_IDS = 1_000;

export interface BulkChange {
  action: BulkAction;
  /** `add_filter`, `remove_filter`: the name of a configured filter. */
  filter?: string;
  /** `set_type`: the name of a configured location type; null clears it. */
  location_type?: string | null;
  /** `set_hours`: the weekly template, all seven days. */
  hours?: HoursInput;
}

const KEY_OF_ACTION: Record<BulkAction, 'filter' | 'location_type' | 'hours' | undefined> = {
  show: undefined,
  hide: undefined,
  add_filter: 'filter',
  remove_filter: 'filter',
  set_type: 'location_type',
  set_hours: 'hours',
  delete: undefined,
};

/**
 * What is wrong with a change, keyed as the request names it (`change.filter`), against the project's catalog: a key
 * its action needs and lacks, a key of another action, a name the project has not configured, a template day that
 * does not read. Empty when it can be applied.
 * @example bulkChangeErrors({ action: 'add_filter' }, catalog) // { 'change.filter': ['is required for add_filter'] }
 */
export function bulkChangeErrors(change: BulkChange, catalog: ProjectCatalog): FieldErrors {
  const errors: FieldErrors = {};
  const needed = KEY_OF_ACTION[change.action];
  for (const key of ['filter', 'location_type', 'hours'] as const) {
    if (key !== needed && change[key] !== undefined)
      addFieldError(errors, `change.${key}`, `is not part of ${change.action}: a bulk action makes one change`);
  }
  if (needed !== undefined && change[needed] === undefined)
    addFieldError(errors, `change.${needed}`, `is required for ${change.action}`);
  if (needed === 'filter' && change.filter !== undefined && !findByName(catalog.filters, change.filter))
    addFieldError(
      errors,
      'change.filter',
      `"${change.filter}" is not a filter of this project; ${configuredList(
        'filters',
        catalog.filters.map((filter) => filter.name),
      )}`,
    );
  const type = change.location_type;
  if (needed === 'location_type' && typeof type === 'string' && type.trim() !== '' && !findByName(catalog.types, type))
    addFieldError(
      errors,
      'change.location_type',
      `"${type}" is not a location type of this project; ${configuredList(
        'location types',
        catalog.types.map((entry) => entry.name),
      )}`,
    );
  if (needed === 'hours' && change.hours !== undefined) {
    if (Object.keys(change.hours).length === 0) addFieldError(errors, 'change.hours', 'must name all seven days');
    const parsed = parseHoursInput(change.hours, { requireAllDays: true });
    for (const [key, messages] of Object.entries(parsed.errors))
      for (const message of messages) addFieldError(errors, `change.${key}`, message);
  }
  return errors;
}

/**
 * The PATCH input that makes a (valid) change to one location, given the names of the filters it has now; undefined
 * for `delete`, which is no update.
 * @example bulkInputOf({ action: 'add_filter', filter: 'Wifi' }, ['Parking']) // { filters: ['Parking', 'Wifi'] }
 */
export function bulkInputOf(change: BulkChange, filterNames: readonly string[]): LocationInput | undefined {
  switch (change.action) {
    case 'show':
    case 'hide':
      return { visible: change.action === 'show' };
    case 'add_filter':
      return { filters: [...filterNames, change.filter ?? ''] };
    case 'remove_filter': {
      const removed = change.filter ?? '';
      return { filters: filterNames.filter((name) => findByName([{ name: removed }], name) === undefined) };
    }
    case 'set_type':
      return { location_type: change.location_type ?? null };
    case 'set_hours':
      return { hours: change.hours ?? {} };
    case 'delete':
      return undefined;
  }
}
