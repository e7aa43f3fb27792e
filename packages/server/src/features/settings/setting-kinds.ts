import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { SettingEventKind } from '../../domain/events.ts';
import type { ID_PREFIX } from '../../domain/ids.ts';
import {
  clearOtherDefaults,
  type DefaultingTable,
  type SettingRow,
  type SettingTable,
} from './project-settings.repository.ts';
import type {
  CallToActionBody,
  CallToActionCreateBody,
  CallToActionPatchBody,
  FieldBody,
  FieldCreateBody,
  FieldPatchBody,
  FilterBody,
  FilterCreateBody,
  FilterPatchBody,
  LocationTypeBody,
  LocationTypeCreateBody,
  LocationTypePatchBody,
  MarkerBody,
  MarkerCreateBody,
  MarkerPatchBody,
} from './schemas/project-settings.ts';

/** The columns every new row gets from the service: its IDs, its checked name, its place and its creation time. */
export interface NewSettingKeys {
  public_id: string;
  project_id: number;
  name: string;
  position: number;
  created_at: string;
}

/**
 * One kind of project setting (location types, markers, ...): where it is stored and how input becomes columns.
 * The rules they share (trimmed names unique ignoring case, one transaction per write) live in `ProjectSettings`.
 */
export interface SettingKind<T extends SettingTable, Create, Patch, Body extends object = object> {
  table: T;
  idKind: keyof typeof ID_PREFIX;
  /** How its events are named: `filter` for `filter.updated`. */
  eventKind: SettingEventKind;
  /** For messages: "Location type not found." */
  noun: string;
  /** The input key holding the unique name, also the key of its field errors. */
  nameKey: 'name' | 'title';
  nameOf(row: SettingRow<T>): string;
  inputName(input: Create | Patch): string | undefined;
  /** The place a patch moves the item to, if it moves it. */
  inputPosition(input: Patch): number | undefined;
  newRow(input: Create, keys: NewSettingKeys): Insertable<Database[T]>;
  /** Column changes of a patch; `name` is the checked name when the patch renames. */
  changes(input: Patch, name: string | undefined): Updateable<Database[T]>;
  /** The item as the API shows it (and its events carry it). */
  toBody(row: SettingRow<T>): Body;
  /** For kinds with a project default: makes the others non-default when this row is the default. */
  keepOneDefault?(db: Executor, row: SettingRow<T>): Promise<void>;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
const lowerCase = (value: string | null | undefined) =>
  value === null || value === undefined ? value : value.toLowerCase();

/** The unique name of every kind but calls to action, which have a title. */
const byName = {
  nameKey: 'name',
  nameOf: (row: { name: string }) => row.name,
  inputName: (input: { name?: string }) => input.name,
  inputPosition: (input: { position?: number }) => input.position,
} as const;

function keepOneDefaultIn(table: DefaultingTable) {
  return async (db: Executor, row: { id: number; project_id: number; is_default: number }) => {
    if (row.is_default === 1) await clearOtherDefaults(db, table, row.project_id, row.id);
  };
}

export const LOCATION_TYPES: SettingKind<
  'location_types',
  LocationTypeCreateBody,
  LocationTypePatchBody,
  LocationTypeBody
> = {
  table: 'location_types',
  idKind: 'locationType',
  eventKind: 'location_type',
  noun: 'Location type',
  ...byName,
  newRow: (input, keys) => ({
    ...keys,
    priority: input.priority ?? 0,
    is_default: input.default ? 1 : 0,
    label: input.label ? 1 : 0,
  }),
  changes: (input, name) => ({
    name,
    priority: input.priority,
    is_default: flag(input.default),
    label: flag(input.label),
  }),
  toBody: (row) => ({
    id: row.public_id,
    name: row.name,
    priority: row.priority,
    default: row.is_default === 1,
    label: row.label === 1,
    position: row.position,
  }),
  keepOneDefault: keepOneDefaultIn('location_types'),
};

export const MARKERS: SettingKind<'markers', MarkerCreateBody, MarkerPatchBody, MarkerBody> = {
  table: 'markers',
  idKind: 'marker',
  eventKind: 'marker',
  noun: 'Marker',
  ...byName,
  newRow: (input, keys) => ({
    ...keys,
    color: lowerCase(input.color) ?? null,
    icon_url: input.icon_url ?? null,
    is_default: input.default ? 1 : 0,
  }),
  changes: (input, name) => ({
    name,
    color: lowerCase(input.color),
    icon_url: input.icon_url,
    is_default: flag(input.default),
  }),
  toBody: (row) => ({
    id: row.public_id,
    name: row.name,
    color: row.color,
    icon_url: row.icon_url,
    default: row.is_default === 1,
    position: row.position,
  }),
  keepOneDefault: keepOneDefaultIn('markers'),
};

export const FILTERS: SettingKind<'filters', FilterCreateBody, FilterPatchBody, FilterBody> = {
  table: 'filters',
  idKind: 'filter',
  eventKind: 'filter',
  noun: 'Filter',
  ...byName,
  newRow: (_input, keys) => keys,
  changes: (_input, name) => ({ name }),
  toBody: (row) => ({ id: row.public_id, name: row.name, position: row.position }),
};

export const FIELDS: SettingKind<'custom_fields', FieldCreateBody, FieldPatchBody, FieldBody> = {
  ...byName,
  table: 'custom_fields',
  idKind: 'field',
  eventKind: 'field',
  noun: 'Custom field',
  newRow: (_input, keys) => keys,
  changes: (_input, name) => ({ name }),
  toBody: (row) => ({ id: row.public_id, name: row.name, position: row.position }),
};

export const CALLS_TO_ACTION: SettingKind<
  'calls_to_action',
  CallToActionCreateBody,
  CallToActionPatchBody,
  CallToActionBody
> = {
  table: 'calls_to_action',
  idKind: 'callToAction',
  eventKind: 'call_to_action',
  noun: 'Call to action',
  nameKey: 'title',
  nameOf: (row) => row.title,
  inputName: (input) => input.title,
  inputPosition: (input) => input.position,
  newRow: (_input, { name, ...keys }) => ({ ...keys, title: name }),
  changes: (_input, name) => ({ title: name }),
  toBody: (row) => ({ id: row.public_id, title: row.title, position: row.position }),
};
