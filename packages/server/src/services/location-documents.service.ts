import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ReadCache } from '../db/read-cache.ts';
import type { DocumentFormat } from '../db/tables/location-documents.table.ts';
import type { ProjectRow } from '../db/tables/projects.table.ts';
import { selectsWholeProject, type LocationListQuery } from '../domain/location-list.ts';
import { ApiError } from '../http/errors.ts';
import * as documents from '../repositories/location-documents.repository.ts';
import type { DocumentAddress, DocumentParts, DocumentSlot } from '../repositories/location-documents.repository.ts';
import * as locations from '../repositories/locations.repository.ts';
import { ALL_ATTACHMENTS, type LocationView } from './locations.service.ts';

export type { DocumentAddress, DocumentParts };

/** How one API serialises a location into the parts of a stored document. */
export interface DocumentRenderer {
  format: DocumentFormat;
  render(view: LocationView): DocumentParts;
}

/** Where a failed save of a rebuilt document is reported; the answer goes out regardless. */
export interface SaveFailureLog {
  warn(details: { err: unknown }, message: string): void;
}

export interface DocumentReadOptions {
  renderer: DocumentRenderer;
  log: SaveFailureLog;
}

/**
 * Builds the documents of the slots that have none from the locations as they are now, stores them tagged with the
 * revisions the slots were read at, and returns every slot's parts in order (a location deleted meanwhile drops out).
 * The rows are read after the revisions, so a document holds that state or a later one: if later, its tag is already
 * stale and it is never served, only rebuilt.
 */
async function withDocuments(db: Kysely<Database>, slots: DocumentSlot[], { renderer, log }: DocumentReadOptions): Promise<DocumentParts[]> {
  const missing = slots.filter((slot) => slot.document === null);
  if (missing.length === 0) return slots.flatMap((slot) => (slot.document ? [slot.document] : []));
  const records = await locations.findLocationRecordsByIds(
    db,
    missing.map((slot) => slot.location_id),
  );
  const attachments = await locations.loadAttachments(db, records, ALL_ATTACHMENTS);
  const built = new Map(records.map((record) => [record.id, renderer.render({ record, attachments })]));
  const toSave = missing.flatMap((slot) => {
    const parts = built.get(slot.location_id);
    return parts ? [{ ...parts, location_id: slot.location_id, revision: slot.revision, catalog_revision: slot.catalog_revision }] : [];
  });
  try {
    await documents.saveDocuments(db, renderer.format, toSave);
  } catch (err) {
    // Storing is only a saving for later reads (a location deleted meanwhile fails it, for one); they rebuild.
    log.warn({ err }, 'Could not store rebuilt location documents; later reads rebuild them');
  }
  return slots.flatMap((slot) => {
    const parts = slot.document ?? built.get(slot.location_id);
    return parts ? [parts] : [];
  });
}

/**
 * One location's stored document, rebuilt and stored first when missing or stale. `checkProject` vets the project
 * (its plan) before anything else is read; an unknown project or location is 404. The read is kept in `cache` until
 * the database changes.
 */
export async function readLocationDocument(
  db: Kysely<Database>,
  cache: ReadCache,
  address: DocumentAddress,
  checkProject: (project: ProjectRow) => void,
  options: DocumentReadOptions,
): Promise<DocumentParts> {
  const { format } = options.renderer;
  const found = await cache.read(
    ['document', format, address.userId, address.projectPublicId, address.locationPublicId].join('\u0000'),
    () => documents.findDocumentSlot(db, format, address),
    // Only a stored document is kept: a miss rebuilds it, and that write drops what was read before it anyway.
    (answer) => (answer?.slot?.document ? answer.slot.document.body.length : false),
  );
  if (!found) throw ApiError.notFound('Project');
  checkProject(found.project);
  if (!found.slot) throw ApiError.notFound('Location');
  const [parts] = await withDocuments(db, [found.slot], options);
  if (!parts) throw ApiError.notFound('Location');
  return parts;
}

/** One page of a project's locations as documents, with the total of the list. */
export async function listLocationDocuments(
  db: Kysely<Database>,
  project: ProjectRow,
  query: LocationListQuery,
  options: DocumentReadOptions,
): Promise<{ documents: DocumentParts[]; total: number }> {
  const [total, slots] = await Promise.all([
    // The project keeps its count, so an unfiltered list (the usual full sync) counts nothing.
    selectsWholeProject(query) ? project.locations_count : locations.countLocations(db, project.id, query),
    documents.pageOfDocumentSlots(db, options.renderer.format, project.id, query),
  ]);
  return { documents: await withDocuments(db, slots, options), total };
}
