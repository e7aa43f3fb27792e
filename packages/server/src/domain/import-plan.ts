import type { ProjectCatalog } from './catalog.ts';
import type { FieldErrors } from './errors.ts';
import { foldText } from './fold-text.ts';
import { type HoursInput, WEEKDAYS } from './hours.ts';
import { changesOf, type StoredLocation } from './import-changes.ts';
import { type ImportMatch, sameNameAndAddress } from './import-match.ts';
import type { LocationInput, LocationWritePlan, WritePolicy } from './location-input.ts';
import { planLocationWrite } from './location-write.ts';

/**
 * What an import does besides creating and updating: report only, delete what the file lacks, all or nothing, and how
 * it matches rows.
 */
export interface ImportModes {
  dryRun: boolean;
  deleteMissing: boolean;
  atomic: boolean;
  /** How rows no key names match saved locations; `external_id` (they do not) unless given. */
  match?: ImportMatch;
}

/** How a batch is decided: how its rows match saved locations, and whether its plans are only reported (a dry run). */
export interface BatchModes {
  match?: ImportMatch;
  reportOnly?: boolean;
}

/** A row read into a V2 body, before it is checked against the V2 schema and compared with the saved locations. */
export interface Candidate {
  row: number;
  externalId: string | undefined;
  id: string | undefined;
  input: LocationInput;
  /** What reading the row already found wrong with it. */
  errors: FieldErrors | undefined;
  /** The row's cells as text, by header: what a failed row is downloaded as. */
  cells?: Readonly<Record<string, string>>;
}

/**
 * A saved location a row of the batch names (by external ID or ID) or may be (by name), as the row is compared with
 * it.
 */
export interface SavedLocation {
  id: number;
  publicId: string;
  externalId: string | null;
  stored: StoredLocation & { name: string };
}

/** The V2 schema's checks of a body that updates (a PATCH's) and of one that creates (a POST's). */
export interface BodyChecks {
  patch(input: LocationInput): FieldErrors | undefined;
  create(input: LocationInput): FieldErrors | undefined;
}

/** What one row does. */
export type RowDecision =
  | { kind: 'failed'; row: number; externalId: string | null; errors: FieldErrors }
  | { kind: 'unchanged' }
  | {
      kind: 'update';
      locationId: number;
      plan: LocationWritePlan;
      /** The input names the row changes (`phone`, `hours`, ...). */
      fields: string[];
    }
  | {
      kind: 'create';
      name: string;
      plan: LocationWritePlan;
      /** Saved locations with the row's name and address (public IDs): the row may be one of them again. */
      possibleDuplicateOf: string[];
    };

export type ImportCounts = Record<
  'created' | 'updated' | 'unchanged' | 'deleted' | 'failed' | 'geocoding_queued',
  number
>;

export const noCounts = (): ImportCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  failed: 0,
  geocoding_queued: 0,
});

/** Two sets of counts added up. */
export function sumCounts(a: ImportCounts, b: ImportCounts): ImportCounts {
  return {
    created: a.created + b.created,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    deleted: a.deleted + b.deleted,
    failed: a.failed + b.failed,
    geocoding_queued: a.geocoding_queued + b.geocoding_queued,
  };
}

/** The counts of decisions. */
export function countsOf(decisions: readonly RowDecision[]): ImportCounts {
  const counts = noCounts();
  for (const decision of decisions) {
    if (decision.kind === 'failed') counts.failed += 1;
    else if (decision.kind === 'unchanged') counts.unchanged += 1;
    else {
      counts[decision.kind === 'update' ? 'updated' : 'created'] += 1;
      if (decision.plan.needsGeocoding) counts.geocoding_queued += 1;
    }
  }
  return counts;
}

const hasErrors = (errors: FieldErrors | undefined): errors is FieldErrors =>
  errors !== undefined && Object.keys(errors).length > 0;

/** A create names all seven days when it names any: the file's missing weekdays are unknown. */
function withWholeWeek(input: LocationInput): LocationInput {
  const hours = input.hours;
  if (!hours || Object.keys(hours).length === 0) return input;
  const named = new Set(Object.keys(hours).map((day) => day.toLowerCase().slice(0, 3)));
  const missing: HoursInput = Object.fromEntries(WEEKDAYS.filter((day) => !named.has(day)).map((day) => [day, null]));
  return { ...input, hours: { ...hours, ...missing } };
}

/** Why `delete_missing` cannot go ahead on a file that names no external ID. */
export const DELETE_MISSING_NEEDS_KEYS =
  'delete_missing needs an external_id column: without one the file names no external ID, and every location that has one would be deleted.';

/** Why an atomic import with failed rows saved (or, in a dry run, would save) nothing. */
export function atomicFailure(failed: number, { dryRun }: Pick<ImportModes, 'dryRun'>): string {
  const rows = `${failed} row${failed === 1 ? '' : 's'} failed`;
  return dryRun
    ? `${rows}; the import is atomic, so it would save nothing.`
    : `${rows}; the import is atomic, so nothing was saved.`;
}

/**
 * What each row of an import does, decided in file order, the same in every mode (a dry run decides exactly what the
 * real run would): a row's target is the location holding its `external_id`, else the one of its `id`, else (with
 * `match` `name_address`) the one saved location with its name and address that holds no other key, else a new
 * location; a new location with the name and address of a saved one is noted as a possible duplicate. A key given by two rows, or a location named by two rows (by different keys), fails the later row, so no
 * row depends on what another row wrote, except a key moved from one location to another, which the plan tracks. An
 * `atomic` import saves nothing when any row fails (`atomicFailure`); `delete_missing` deletes the keyed locations no
 * row named (`isMissing`), and needs a file that names keys (`DELETE_MISSING_NEEDS_KEYS`).
 */
export class ImportPlan {
  /**
   * The row that first gave each external ID and each ID: a key given twice is an error of the later row, and
   * `delete_missing` keeps every location the file names (failed rows' too).
   */
  readonly #externalIdRows = new Map<string, number>();
  readonly #idRows = new Map<string, number>();
  /** The row that first chose each location: a location named twice (by two keys) is an error of the later row. */
  readonly #targetRows = new Map<number, number>();
  /**
   * External IDs this import moved from one location to another (or freed), over what the database holds. A key a
   * create takes needs no entry: a later row giving it again fails as a key given twice.
   */
  readonly #keyHolders = new Map<string, number | null>();

  /** Whether an earlier row of this import moved or freed this external ID, so what the database says of it is old. */
  movedKey(externalId: string): boolean {
    return this.#keyHolders.has(externalId);
  }

  constructor(private readonly checks: BodyChecks) {}

  /** Notes a row's keys; answers the earlier rows that gave them, if any. */
  #nameKeys({ row, externalId, id }: Candidate): { earlierWithKey?: number; earlierWithId?: number } {
    const earlierWithKey = externalId !== undefined ? this.#externalIdRows.get(externalId) : undefined;
    const earlierWithId = id !== undefined ? this.#idRows.get(id) : undefined;
    if (externalId !== undefined && earlierWithKey === undefined) this.#externalIdRows.set(externalId, row);
    if (id !== undefined && earlierWithId === undefined) this.#idRows.set(id, row);
    return { earlierWithKey, earlierWithId };
  }

  /** Notes the keys of a row that a resumed import finished before: it is not decided again. */
  noteDone(candidate: Candidate): void {
    this.#nameKeys(candidate);
  }

  /**
   * What each row of a batch does, in file order, against the saved locations its rows name (`saved`, read after the
   * project's change lock) and the project's catalog.
   */
  decideBatch(
    candidates: readonly Candidate[],
    saved: readonly SavedLocation[],
    catalog: ProjectCatalog,
    { match = 'external_id', reportOnly = false }: BatchModes = {},
  ): RowDecision[] {
    const byPublicId = new Map(saved.map((location) => [location.publicId, location]));
    const byId = new Map(saved.map((location) => [location.id, location]));
    const byName = new Map<string, SavedLocation[]>();
    for (const location of saved) {
      const name = foldText(location.stored.name);
      byName.set(name, [...(byName.get(name) ?? []), location]);
    }
    const byExternalId = new Map(
      saved.flatMap((location) => (location.externalId === null ? [] : [[location.externalId, location.id] as const])),
    );
    const holderOf = (externalId: string): number | null | undefined =>
      this.#keyHolders.has(externalId) ? this.#keyHolders.get(externalId) : byExternalId.get(externalId);
    return candidates.map((candidate) =>
      this.#decide(candidate, { byPublicId, byId, byName, holderOf }, catalog, { match, reportOnly }),
    );
  }

  #decide(
    candidate: Candidate,
    saved: {
      byPublicId: ReadonlyMap<string, SavedLocation>;
      byId: ReadonlyMap<number, SavedLocation>;
      /** By name as `foldText` compares it. */
      byName: ReadonlyMap<string, readonly SavedLocation[]>;
      holderOf(externalId: string): number | null | undefined;
    },
    catalog: ProjectCatalog,
    { match, reportOnly }: Required<BatchModes>,
  ): RowDecision {
    const policy = { legacyLocationType: false, reportOnly };
    const { row, externalId, id } = candidate;
    const fail = (errors: FieldErrors): RowDecision => ({
      kind: 'failed',
      row,
      externalId: externalId ?? null,
      errors,
    });
    const { earlierWithKey, earlierWithId } = this.#nameKeys(candidate);
    if (hasErrors(candidate.errors)) return fail(candidate.errors);
    if (earlierWithKey !== undefined)
      return fail({ external_id: [`is given again: row ${earlierWithKey} has it already`] });
    if (earlierWithId !== undefined) return fail({ id: [`is given again: row ${earlierWithId} has it already`] });
    const holder = externalId !== undefined ? saved.holderOf(externalId) : undefined;
    const named = id !== undefined ? saved.byPublicId.get(id) : undefined;
    if (id !== undefined && !named) return fail({ id: ['is not the ID of a location of this project'] });
    if (typeof holder === 'number' && named && named.id !== holder) {
      const holderId = saved.byId.get(holder)?.publicId ?? 'another location';
      return fail({ id: [`names another location than its external_id, which is ${holderId}'s`] });
    }
    let target = typeof holder === 'number' ? holder : named?.id;
    // A key no location holds yet: the row may be a store saved without a key (or with none of its own).
    const sameStore =
      target === undefined
        ? (saved.byName.get(foldText(candidate.input.name ?? '')) ?? []).filter(
            (location) =>
              (location.externalId === null || externalId === undefined) &&
              sameNameAndAddress(candidate.input, location.stored),
          )
        : [];
    if (match === 'name_address' && sameStore.length > 1)
      return fail({
        name: [
          `matches ${sameStore.length} locations by name and address (${sameStore.map((l) => l.publicId).join(', ')}); give the row the id of the one it is`,
        ],
      });
    if (match === 'name_address' && target === undefined) target = sameStore[0]?.id;
    if (target === undefined) return this.#create(candidate, catalog, policy, fail, sameStore);

    const earlierTarget = this.#targetRows.get(target);
    if (earlierTarget !== undefined) {
      return fail({
        [id !== undefined ? 'id' : 'external_id']: [`names the location row ${earlierTarget} names already`],
      });
    }
    this.#targetRows.set(target, row);
    const location = saved.byId.get(target);
    // The key moved to a location this batch did not read: an earlier batch gave it to another location.
    if (!location)
      return fail({ external_id: ['names a location an earlier row changed the key of; import its rows separately'] });
    const invalid = this.checks.patch(candidate.input);
    if (hasErrors(invalid)) return fail(invalid);
    const changes = changesOf(candidate.input, location.stored, catalog);
    if (Object.keys(changes).length === 0) return { kind: 'unchanged' };
    const planned = planLocationWrite('patch', location.stored, changes, catalog, policy);
    if ('errors' in planned) return fail(planned.errors);
    const newKey = planned.plan.columns.external_id;
    if (newKey !== undefined && newKey !== location.externalId) {
      if (location.externalId !== null) this.#keyHolders.set(location.externalId, null);
      if (newKey !== null) this.#keyHolders.set(newKey, target);
    }
    return { kind: 'update', locationId: target, plan: planned.plan, fields: Object.keys(changes) };
  }

  #create(
    candidate: Candidate,
    catalog: ProjectCatalog,
    policy: WritePolicy,
    fail: (errors: FieldErrors) => RowDecision,
    sameStore: readonly SavedLocation[],
  ): RowDecision {
    const invalid = this.checks.create(candidate.input);
    if (hasErrors(invalid)) return fail(invalid);
    const input = withWholeWeek(candidate.input);
    const planned = planLocationWrite('create', undefined, input, catalog, policy);
    if ('errors' in planned) return fail(planned.errors);
    return {
      kind: 'create',
      name: input.name ?? '',
      plan: planned.plan,
      possibleDuplicateOf: sameStore.map((location) => location.publicId),
    };
  }

  /** Whether a keyed location is one the file does not name, by external ID or ID: what `delete_missing` deletes. */
  isMissing(location: { public_id: string; external_id: string | null }): boolean {
    return (
      location.external_id !== null &&
      !this.#externalIdRows.has(location.external_id) &&
      !this.#idRows.has(location.public_id)
    );
  }
}
