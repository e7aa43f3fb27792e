import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { InvalidInputError, NotFoundError } from '../domain/errors.ts';
import type { Actor, SettingEventKind } from '../domain/events.ts';
import { type ID_PREFIX, newPublicId } from '../domain/ids.ts';
import { checkSettingName, findNameClash } from '../domain/setting-names.ts';
import { isoNow } from '../domain/time.ts';
import {
  clearOtherDefaults,
  type DefaultingTable,
  deleteSetting,
  findSetting,
  insertSetting,
  listSettings,
  locationIdsUsing,
  type SettingRow,
  type SettingTable,
  touchLocationsUsing,
  updateSetting,
} from '../repositories/project-settings.repository.ts';
import { lockProjectForChange } from '../repositories/projects.repository.ts';
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
} from '../schemas/project-settings.ts';
import {
  type LockedProject,
  type PendingEvent,
  recordEvents,
  recordLocationChanges,
  type SettingChange,
  settingEventOf,
} from './change-events.ts';
import { type LocationView, loadLocationViews } from './locations.service.ts';
import { accessibleProject, type ProjectRef } from './project-access.ts';
import type { TransactionHooks } from './transaction-hooks.ts';

export type { SettingRow, SettingTable };

/** The columns every new row gets from the service: its IDs, its checked name and its creation time. */
export interface NewSettingKeys {
  public_id: string;
  project_id: number;
  name: string;
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
  toBody: (row) => ({ id: row.public_id, name: row.name }),
};

export const FIELDS: SettingKind<'custom_fields', FieldCreateBody, FieldPatchBody, FieldBody> = {
  ...byName,
  table: 'custom_fields',
  idKind: 'field',
  eventKind: 'field',
  noun: 'Custom field',
  newRow: (_input, keys) => keys,
  changes: (_input, name) => ({ name }),
  toBody: (row) => ({ id: row.public_id, name: row.name }),
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
  newRow: (_input, { name, ...keys }) => ({ ...keys, title: name }),
  changes: (_input, name) => ({ title: name }),
  toBody: (row) => ({ id: row.public_id, title: row.title }),
};

export interface SettingDeleteOptions {
  project: ProjectRef;
  /** The setting's public ID; one of another project is not found. */
  publicId: string;
  /** ISO 8601 time of the request (default: now). */
  now?: string;
  /** Who makes the change, as the change feed tells. */
  actor: Actor;
}

export interface SettingUpdateOptions<Patch> extends SettingDeleteOptions {
  input: Patch;
}

export interface SettingCreateOptions<T extends SettingTable, Create> {
  project: ProjectRef;
  input: Create;
  /** ISO 8601 time of the request (default: now). */
  now?: string;
  hooks?: TransactionHooks<SettingRow<T>>;
  /** Who makes the change, as the change feed tells. */
  actor: Actor;
}

const isNoChange = (changes: object) => Object.values(changes).every((value) => value === undefined);

/**
 * The rules every kind of setting shares: trimmed names unique in the project ignoring case (422 otherwise), one
 * transaction per write (writes of one project wait for each other), at most one default, and IDs of another project
 * answered as not found.
 * @example await markerSettings.create(db, { project: { userId, publicId: 'prj_…' }, input: { name: 'Flagship', default: true } })
 */
export class ProjectSettings<T extends SettingTable, Create, Patch, Body extends object = object> {
  constructor(readonly kind: SettingKind<T, Create, Patch, Body>) {}

  /** The project's settings of this kind, in ID order. */
  async list(db: Kysely<Database>, ref: ProjectRef): Promise<SettingRow<T>[]> {
    const project = await accessibleProject(db, ref);
    return listSettings(db, this.kind.table, project.id);
  }

  /** Creates one; a new default clears the former one. `hooks` join the transaction (an idempotency key, say). */
  async create(
    db: Kysely<Database>,
    { project: ref, input, now = isoNow(), hooks = {}, actor }: SettingCreateOptions<T, Create>,
  ): Promise<SettingRow<T>> {
    const { kind } = this;
    const name = this.checkedName(kind.inputName(input) ?? '');
    return db.transaction().execute(async (trx) => {
      const project = await accessibleProject(trx, ref);
      await hooks.before?.(trx);
      const dataVersion = await lockProjectForChange(trx, project.id);
      await this.ensureNameFree(trx, project.id, name);
      const keys: NewSettingKeys = {
        public_id: newPublicId(kind.idKind),
        project_id: project.id,
        name,
        created_at: now,
      };
      const row = await insertSetting(trx, kind.table, kind.newRow(input, keys));
      const formerDefaults = await this.otherDefaults(trx, row);
      await kind.keepOneDefault?.(trx, row);
      await this.recordChange(trx, { id: project.id, dataVersion }, { actor, now }, [
        { kind: kind.eventKind, action: 'created', after: this.bodyOf(row) },
        ...(await this.clearedDefaults(trx, formerDefaults)),
      ]);
      await hooks.after?.(trx, row);
      return row;
    });
  }

  /**
   * Applies a partial update (omitted keys keep their values); the locations showing it are marked written (for the
   * store finder). A rename also moves their `updated_at`, and each of them has a `location.updated` event, so mirrors
   * of their bodies stay right.
   */
  async update(
    db: Kysely<Database>,
    { project: ref, publicId, input, now = isoNow(), actor }: SettingUpdateOptions<Patch>,
  ): Promise<SettingRow<T>> {
    const { kind } = this;
    const rawName = kind.inputName(input);
    const name = rawName === undefined ? undefined : this.checkedName(rawName);
    return db.transaction().execute(async (trx) => {
      const project = await accessibleProject(trx, ref);
      const dataVersion = await lockProjectForChange(trx, project.id);
      const current = await this.require(trx, project.id, publicId);
      if (name !== undefined) await this.ensureNameFree(trx, project.id, name, current.id);
      const changes = kind.changes(input, name);
      const renamed = name !== undefined && name !== kind.nameOf(current);
      const shown = renamed ? await this.locationsShowing(trx, current.id) : undefined;
      const row = isNoChange(changes) ? current : await updateSetting(trx, kind.table, current.id, changes);
      if (!isNoChange(changes))
        await touchLocationsUsing(trx, kind.table, row.id, { dataVersion, ...(renamed ? { updatedAt: now } : {}) });
      const formerDefaults = await this.otherDefaults(trx, row);
      await kind.keepOneDefault?.(trx, row);
      await this.recordChange(trx, { id: project.id, dataVersion }, { actor, now }, [
        { kind: kind.eventKind, action: 'updated', before: this.bodyOf(current), after: this.bodyOf(row) },
        ...(await this.clearedDefaults(trx, formerDefaults)),
      ]);
      if (shown) await this.recordLocationsShown(trx, { id: project.id, dataVersion }, { actor, now }, shown);
      return row;
    });
  }

  /** Deletes one, detaching it from every location (their `updated_at` moves, and each has a `location.updated` event). */
  async delete(
    db: Kysely<Database>,
    { project: ref, publicId, now = isoNow(), actor }: SettingDeleteOptions,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const project = await accessibleProject(trx, ref);
      const dataVersion = await lockProjectForChange(trx, project.id);
      const current = await this.require(trx, project.id, publicId);
      const shown = await this.locationsShowing(trx, current.id);
      await touchLocationsUsing(trx, this.kind.table, current.id, { dataVersion, updatedAt: now });
      await deleteSetting(trx, this.kind.table, current.id);
      await this.recordChange(trx, { id: project.id, dataVersion }, { actor, now }, [
        { kind: this.kind.eventKind, action: 'deleted', before: this.bodyOf(current) },
      ]);
      await this.recordLocationsShown(trx, { id: project.id, dataVersion }, { actor, now }, shown);
    });
  }

  private bodyOf(row: SettingRow<T>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.kind.toBody(row)));
  }

  private async recordChange(
    trx: Executor,
    project: LockedProject,
    context: { actor: Actor; now: string },
    changes: SettingChange[],
  ): Promise<void> {
    const events = changes.map(settingEventOf).filter((event): event is PendingEvent => event !== undefined);
    await recordEvents(trx, project, context, events);
  }

  /** The other rows that are the project's default now, as they are, when `row` is about to become the default. */
  private async otherDefaults(trx: Executor, row: SettingRow<T>): Promise<SettingRow<T>[]> {
    if (!this.kind.keepOneDefault || !('is_default' in row) || row.is_default !== 1) return [];
    const rows = await listSettings(trx, this.kind.table, row.project_id);
    return rows.filter((other) => other.id !== row.id && 'is_default' in other && other.is_default === 1);
  }

  /** The updates of the rows that lost their default to another, read after `keepOneDefault` ran. */
  private async clearedDefaults(trx: Executor, formerDefaults: readonly SettingRow<T>[]): Promise<SettingChange[]> {
    const changes = [];
    for (const before of formerDefaults) {
      const after = await findSetting(trx, this.kind.table, before.project_id, before.public_id);
      if (after)
        changes.push({
          kind: this.kind.eventKind,
          action: 'updated' as const,
          before: this.bodyOf(before),
          after: this.bodyOf(after),
        });
    }
    return changes;
  }

  /** The locations showing the row, read before it is renamed or deleted. */
  private async locationsShowing(trx: Executor, id: number): Promise<{ ids: number[]; before: LocationView[] }> {
    const ids = await locationIdsUsing(trx, this.kind.table, id);
    return { ids, before: await loadLocationViews(trx, ids) };
  }

  /** Records a `location.updated` of each location a rename or deletion changed, read again after it. */
  private async recordLocationsShown(
    trx: Executor,
    project: LockedProject,
    context: { actor: Actor; now: string },
    shown: { ids: number[]; before: LocationView[] },
  ): Promise<void> {
    if (shown.ids.length === 0) return;
    const after = new Map((await loadLocationViews(trx, shown.ids)).map((view) => [view.record.id, view]));
    await recordLocationChanges(
      trx,
      project,
      context,
      shown.before.map((before) => ({ type: 'location.updated' as const, before, after: after.get(before.record.id) })),
    );
  }

  private checkedName(raw: string): string {
    const checked = checkSettingName(raw);
    if (!checked.ok) throw InvalidInputError.fields({ [this.kind.nameKey]: [checked.message] });
    return checked.name;
  }

  private async ensureNameFree(db: Executor, projectId: number, name: string, exceptId?: number): Promise<void> {
    const { kind } = this;
    const clash = findNameClash(await listSettings(db, kind.table, projectId), kind.nameOf, name, exceptId);
    if (clash) {
      throw InvalidInputError.fields({
        [kind.nameKey]: [`is already used by ${kind.noun.toLowerCase()} "${kind.nameOf(clash)}" (names ignore case)`],
      });
    }
  }

  private async require(db: Executor, projectId: number, publicId: string): Promise<SettingRow<T>> {
    const row = await findSetting(db, this.kind.table, projectId, publicId);
    if (!row) throw NotFoundError.of(this.kind.noun);
    return row;
  }
}

export const locationTypeSettings = new ProjectSettings(LOCATION_TYPES);
export const markerSettings = new ProjectSettings(MARKERS);
export const filterSettings = new ProjectSettings(FILTERS);
export const fieldSettings = new ProjectSettings(FIELDS);
export const callToActionSettings = new ProjectSettings(CALLS_TO_ACTION);
