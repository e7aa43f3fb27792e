import type { Executor } from '../../db/executor.ts';
import type { ProjectCatalog } from '../../domain/catalog.ts';
import type { StoredLocation } from '../../domain/import-changes.ts';
import {
  type BatchModes,
  type Candidate,
  countsOf,
  type ImportCounts,
  type ImportPlan,
  type RowDecision,
  type SavedLocation,
} from '../../domain/import-plan.ts';
import { writeNeedsDefaultCountry } from '../../domain/location-write.ts';
import {
  ALL_ATTACHMENTS,
  findRecordsByKeys,
  type LocationAttachments,
  type LocationRecord,
  type LocationView,
  loadAttachments,
  loadCatalog,
  type PlannedCreate,
  type PlannedUpdate,
  scheduleOf,
} from '../locations/index.ts';

/**
 * A failed row as the import stores it: its number, its external ID, and its field errors as JSON; or, as
 * `possible_duplicate`, a row created although saved locations have its name and address (`errors` then lists
 * their IDs under `location_ids`).
 */
export interface RowFailure {
  row: number;
  externalId: string | null;
  errors: string;
  kind?: 'possible_duplicate';
  /** A failed row's cells as JSON, to download it. */
  cells?: string;
}

/** A location a row creates or updates, or `delete_missing` deletes: a line of the import's diff. */
export interface RowChange {
  kind: 'created' | 'updated' | 'deleted';
  row: number | null;
  /** The location's public ID: null for a create not (yet) saved. */
  locationId: string | null;
  externalId: string | null;
  name: string | null;
  /** An update's changed input names. */
  fields?: string[];
}

/** What a batch of rows came to: their counts, their failures, and the writes they make (planned against `catalog`). */
export interface DecidedBatch {
  catalog: ProjectCatalog;
  counts: ImportCounts;
  failures: RowFailure[];
  /** The creates and updates, in file order (creates without their location ID: the write makes it). */
  changes: RowChange[];
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
}

/** The snapshot a row is compared with, from a record and what is attached to it (catalog IDs by public ID). */
function storedLocationOf(
  record: LocationRecord,
  attachments: LocationAttachments,
  catalogIds: ReadonlyMap<string, number>,
): StoredLocation {
  const valuesOf = (items: readonly { id: string; value: string }[] | undefined) =>
    new Map(
      (items ?? []).flatMap((item) => {
        const id = catalogIds.get(item.id);
        return id === undefined ? [] : [[id, item.value] as const];
      }),
    );
  return {
    ...record,
    hours: scheduleOf(record),
    filterIds: new Set((attachments.filters.get(record.id) ?? []).flatMap((filter) => catalogIds.get(filter.id) ?? [])),
    fieldValues: valuesOf(attachments.fields.get(record.id)),
    callToActionValues: valuesOf(attachments.callsToAction.get(record.id)),
  };
}

/**
 * Decides a batch's rows in file order: reads the project's catalog and the saved locations the rows name (by
 * external ID or ID, then by name for the rows those find nothing for, with everything attached: an update's event
 * compares its body before and after), and asks the plan what each row does.
 */
export async function decideBatch(
  db: Executor,
  projectId: number,
  plan: ImportPlan,
  candidates: readonly Candidate[],
  modes: BatchModes = {},
): Promise<DecidedBatch> {
  // The project's default country is a scan of its locations: read only for a batch with a row whose phone may need
  // it (a phone without a country, or a country taken away), as a single write reads it; a dry run reads no phone.
  const withDefaultCountry =
    !modes.reportOnly &&
    candidates.some(
      ({ input }) =>
        writeNeedsDefaultCountry('create', undefined, input) || (input.country !== undefined && !input.country?.trim()),
    );
  const catalog: ProjectCatalog = await loadCatalog(db, projectId, { withDefaultCountry });
  const catalogIds = new Map(
    [...catalog.filters, ...catalog.fields, ...catalog.callsToAction].map((entry) => [entry.publicId, entry.id]),
  );
  const keyed = await findRecordsByKeys(db, projectId, {
    publicIds: candidates.flatMap((candidate) => (candidate.id !== undefined ? [candidate.id] : [])),
    externalIds: candidates.flatMap((candidate) => (candidate.externalId !== undefined ? [candidate.externalId] : [])),
  });
  // A row its keys find no location for may be a saved store again: those of its name are compared by address. A
  // re-import whose keys all hold reads no name.
  const heldKeys = new Set(keyed.map((record) => record.external_id));
  const keyHolds = ({ externalId }: Candidate) =>
    externalId !== undefined && heldKeys.has(externalId) && !plan.movedKey(externalId);
  const names = candidates.flatMap((candidate) =>
    candidate.id === undefined && !keyHolds(candidate) && candidate.input.name ? [candidate.input.name] : [],
  );
  const named =
    names.length > 0 ? await findRecordsByKeys(db, projectId, { publicIds: [], externalIds: [], names }) : [];
  const records = [...new Map([...keyed, ...named].map((record) => [record.id, record])).values()];
  const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
  const views = new Map<number, LocationView>(records.map((record) => [record.id, { record, attachments }]));
  const saved: SavedLocation[] = records.map((record) => ({
    id: record.id,
    publicId: record.public_id,
    externalId: record.external_id,
    stored: storedLocationOf(record, attachments, catalogIds),
  }));
  const decisions = plan.decideBatch(candidates, saved, catalog, modes);
  return {
    catalog,
    counts: countsOf(decisions),
    failures: decisions.flatMap((decision, index) => {
      if (decision.kind === 'failed') return [failureOf(decision, candidates[index]?.cells)];
      if (decision.kind !== 'create' || decision.possibleDuplicateOf.length === 0) return [];
      const externalId = candidates[index]?.externalId ?? null;
      const row = candidates[index]?.row ?? 0;
      const errors = JSON.stringify({ location_ids: decision.possibleDuplicateOf });
      return [{ row, externalId, errors, kind: 'possible_duplicate' as const }];
    }),
    changes: decisions.flatMap((decision, index): RowChange[] => {
      const candidate = candidates[index];
      if (decision.kind === 'create')
        return [
          {
            kind: 'created',
            row: candidate?.row ?? null,
            locationId: null,
            externalId: candidate?.externalId ?? null,
            name: decision.name,
          },
        ];
      const before = decision.kind === 'update' ? views.get(decision.locationId)?.record : undefined;
      if (decision.kind !== 'update' || !before) return [];
      return [
        {
          kind: 'updated',
          row: candidate?.row ?? null,
          locationId: before.public_id,
          externalId: candidate?.externalId ?? before.external_id,
          name: before.name,
          fields: decision.fields,
        },
      ];
    }),
    creates: decisions.flatMap((decision) =>
      decision.kind === 'create' ? [{ name: decision.name, plan: decision.plan }] : [],
    ),
    updates: decisions.flatMap((decision) => {
      const before = decision.kind === 'update' ? views.get(decision.locationId) : undefined;
      return decision.kind === 'update' && before ? [{ before, plan: decision.plan }] : [];
    }),
  };
}

function failureOf(
  decision: Extract<RowDecision, { kind: 'failed' }>,
  cells: Readonly<Record<string, string>> | undefined,
): RowFailure {
  return {
    row: decision.row,
    externalId: decision.externalId,
    errors: JSON.stringify(decision.errors),
    ...(cells ? { cells: JSON.stringify(cells) } : {}),
  };
}

/** The changes of a saved batch, with the IDs of the locations its creates made (in the order planned). */
export function savedChanges(changes: readonly RowChange[], createdIds: readonly string[]): RowChange[] {
  let created = 0;
  return changes.map((change) =>
    change.kind === 'created' ? { ...change, locationId: createdIds[created++] ?? null } : change,
  );
}

/** How many locations a batch writes. */
export const writesOf = (batch: DecidedBatch): number => batch.creates.length + batch.updates.length;
