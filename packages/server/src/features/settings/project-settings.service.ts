import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { TransactionHooks } from '../../db/transaction-hooks.ts';
import { InvalidInputError, NotFoundError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { checkSettingName, findNameClash } from '../../domain/setting-names.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { type PendingEvent, recordEvents } from '../../events/outbox.repository.ts';
import { accessibleProject, lockProjectForChange } from '../accounts/index.ts';
import { changeLocations, type WriteContext } from '../locations/index.ts';
import {
  deleteSetting,
  findSetting,
  insertSetting,
  listSettings,
  locationIdsUsing,
  type SettingRow,
  type SettingTable,
  setPositions,
  touchLocationsUsing,
  updateSetting,
  usageCounts,
} from './project-settings.repository.ts';
import { type SettingChange, settingEventOf } from './setting-events.ts';
import {
  CALLS_TO_ACTION,
  FIELDS,
  FILTERS,
  LOCATION_TYPES,
  MARKERS,
  type NewSettingKeys,
  type SettingKind,
} from './setting-kinds.ts';

/** What a project's settings are kept with. */
export interface SettingsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export interface SettingDeleteOptions {
  project: ProjectRef;
  /** The setting's public ID; one of another project is not found. */
  publicId: string;
  /** Who makes the change, as the change feed tells. */
  actor: Actor;
}

export interface SettingUpdateOptions<Patch> extends SettingDeleteOptions {
  input: Patch;
}

export interface SettingCreateOptions<T extends SettingTable, Create> {
  project: ProjectRef;
  input: Create;
  hooks?: TransactionHooks<SettingRow<T>>;
  /** Who makes the change, as the change feed tells. */
  actor: Actor;
}

const isNoChange = (changes: object) => Object.values(changes).every((value) => value === undefined);

/**
 * The rules every kind of setting shares: trimmed names unique in the project ignoring case (422 otherwise), one
 * transaction per write (writes of one project wait for each other), at most one default, and IDs of another project
 * answered as not found.
 * @example await settings.markers.create({ project: { userId, publicId: 'prj_…' }, input: { name: 'Flagship', default: true }, actor })
 */
export class ProjectSettings<T extends SettingTable, Create, Patch, Body extends object = object> {
  constructor(
    readonly kind: SettingKind<T, Create, Patch, Body>,
    private readonly deps: SettingsDeps,
  ) {}

  /** Refuses a project the caller may not write (a check before an idempotency key is looked up). */
  async checkAccess(ref: ProjectRef): Promise<void> {
    await accessibleProject(this.deps.db, ref);
  }

  /** The project's settings of this kind, in its order, each with the number of locations that use it. */
  async listWithUsage(ref: ProjectRef): Promise<{ row: SettingRow<T>; locationsCount: number }[]> {
    const { db } = this.deps;
    const project = await accessibleProject(db, ref);
    const [rows, counts] = await Promise.all([
      listSettings(db, this.kind.table, project.id),
      usageCounts(db, this.kind.table, project.id),
    ]);
    return rows.map((row) => ({ row, locationsCount: counts.get(row.id) ?? 0 }));
  }

  /** Locks the project for a change of its settings: who writes, when, at which data version. */
  private async writeContextOf(trx: Executor, projectId: number, actor: Actor): Promise<WriteContext> {
    const dataVersion = await lockProjectForChange(trx, projectId);
    return { project: { id: projectId, dataVersion }, now: this.deps.clock(), actor };
  }

  /** Creates one; a new default clears the former one. `hooks` join the transaction (an idempotency key, say). */
  async create({ project: ref, input, hooks = {}, actor }: SettingCreateOptions<T, Create>): Promise<SettingRow<T>> {
    const { kind } = this;
    const name = this.checkedName(kind.inputName(input) ?? '');
    return this.deps.db.transaction().execute(async (trx) => {
      const project = await accessibleProject(trx, ref);
      await hooks.before?.(trx);
      const context = await this.writeContextOf(trx, project.id, actor);
      const existing = await listSettings(trx, kind.table, project.id);
      this.ensureNameFreeAmong(existing, name);
      const keys: NewSettingKeys = {
        public_id: newPublicId(kind.idKind),
        project_id: project.id,
        name,
        position: Math.max(-1, ...existing.map((other) => other.position)) + 1,
        created_at: isoOf(context.now),
      };
      const row = await insertSetting(trx, kind.table, kind.newRow(input, keys));
      const formerDefaults = await this.otherDefaults(trx, row);
      await kind.keepOneDefault?.(trx, row);
      await this.recordChange(trx, context, [
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
  async update({ project: ref, publicId, input, actor }: SettingUpdateOptions<Patch>): Promise<SettingRow<T>> {
    const { kind } = this;
    const rawName = kind.inputName(input);
    const name = rawName === undefined ? undefined : this.checkedName(rawName);
    return this.deps.db.transaction().execute(async (trx) => {
      const project = await accessibleProject(trx, ref);
      const context = await this.writeContextOf(trx, project.id, actor);
      const current = await this.require(trx, project.id, publicId);
      if (name !== undefined) await this.ensureNameFree(trx, project.id, name, current.id);
      const changes = kind.changes(input, name);
      const renamed = name !== undefined && name !== kind.nameOf(current);
      let row = current;
      const write = async () => {
        if (!isNoChange(changes)) {
          row = await updateSetting(trx, kind.table, current.id, changes);
          await touchLocationsUsing(trx, kind.table, row.id, {
            dataVersion: context.project.dataVersion,
            ...(renamed ? { updatedAt: isoOf(context.now) } : {}),
          });
        }
        const moved = await this.move(trx, row, kind.inputPosition(input));
        row = moved.row;
        const formerDefaults = await this.otherDefaults(trx, row);
        await kind.keepOneDefault?.(trx, row);
        await this.recordChange(trx, context, [
          { kind: kind.eventKind, action: 'updated', before: this.bodyOf(current), after: this.bodyOf(row) },
          ...moved.others,
          ...(await this.clearedDefaults(trx, formerDefaults)),
        ]);
        return true;
      };
      // The locations showing a renamed setting show the new name: each has a `location.updated` event after it.
      if (renamed)
        await changeLocations(trx, context, { ids: await locationIdsUsing(trx, kind.table, current.id) }, write);
      else await write();
      return row;
    });
  }

  /**
   * Deletes one, detaching it from every location (their `updated_at` moves, and each has a `location.updated` event).
   */
  async delete({ project: ref, publicId, actor }: SettingDeleteOptions): Promise<void> {
    const { kind } = this;
    await this.deps.db.transaction().execute(async (trx) => {
      const project = await accessibleProject(trx, ref);
      const context = await this.writeContextOf(trx, project.id, actor);
      const current = await this.require(trx, project.id, publicId);
      const ids = await locationIdsUsing(trx, kind.table, current.id);
      await changeLocations(trx, context, { ids }, async () => {
        await touchLocationsUsing(trx, kind.table, current.id, {
          dataVersion: context.project.dataVersion,
          updatedAt: isoOf(context.now),
        });
        await deleteSetting(trx, kind.table, current.id);
        await this.recordChange(trx, context, [
          { kind: kind.eventKind, action: 'deleted', before: this.bodyOf(current) },
        ]);
        return true;
      });
    });
  }

  /**
   * Moves `row` to `position` in the project's order (past the end is last) and numbers every row of its kind from 0,
   * answering the row as moved and the changes of the others that moved with it.
   */
  private async move(
    trx: Executor,
    row: SettingRow<T>,
    position: number | undefined,
  ): Promise<{ row: SettingRow<T>; others: SettingChange[] }> {
    if (position === undefined) return { row, others: [] };
    const rows = await listSettings(trx, this.kind.table, row.project_id);
    const order = rows.filter((other) => other.id !== row.id);
    order.splice(Math.min(position, order.length), 0, row);
    const moves = order.flatMap((other, place) => (other.position === place ? [] : [{ row: other, position: place }]));
    await setPositions(
      trx,
      this.kind.table,
      moves.map((change) => ({ id: change.row.id, position: change.position })),
    );
    const others: SettingChange[] = moves
      .filter((change) => change.row.id !== row.id)
      .map((change) => ({
        kind: this.kind.eventKind,
        action: 'updated',
        before: this.bodyOf(change.row),
        after: this.bodyOf({ ...change.row, position: change.position }),
      }));
    const place = order.indexOf(row);
    return { row: { ...row, position: place }, others };
  }

  private bodyOf(row: SettingRow<T>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.kind.toBody(row)));
  }

  private async recordChange(
    trx: Executor,
    { project, actor, now }: WriteContext,
    changes: SettingChange[],
  ): Promise<void> {
    const events = changes.map(settingEventOf).filter((event): event is PendingEvent => event !== undefined);
    await recordEvents(trx, project, { actor, now }, events);
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

  private checkedName(raw: string): string {
    const checked = checkSettingName(raw);
    if (!checked.ok) throw InvalidInputError.fields({ [this.kind.nameKey]: [checked.message] });
    return checked.name;
  }

  private async ensureNameFree(db: Executor, projectId: number, name: string, exceptId?: number): Promise<void> {
    this.ensureNameFreeAmong(await listSettings(db, this.kind.table, projectId), name, exceptId);
  }

  private ensureNameFreeAmong(rows: readonly SettingRow<T>[], name: string, exceptId?: number): void {
    const { kind } = this;
    const clash = findNameClash(rows, kind.nameOf, name, exceptId);
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

/** The settings of the caller's projects, each kind with the rules they share (`ProjectSettings`). */
export function createSettings(deps: SettingsDeps) {
  return {
    locationTypes: new ProjectSettings(LOCATION_TYPES, deps),
    markers: new ProjectSettings(MARKERS, deps),
    filters: new ProjectSettings(FILTERS, deps),
    fields: new ProjectSettings(FIELDS, deps),
    callsToAction: new ProjectSettings(CALLS_TO_ACTION, deps),
  };
}

export type Settings = ReturnType<typeof createSettings>;
