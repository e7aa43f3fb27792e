import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ExportCatalog, ExportedLocation } from '../../domain/export-rows.ts';
import type { FileFormat } from '../../domain/file-formats.ts';
import { OPTIONAL_TEXT_FIELDS, type OptionalTextField } from '../../domain/location-fields.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { readSpecialHours } from '../../domain/special-hours.ts';
import { writeLocations } from '../../formats/formats.ts';
import { accessibleProject } from '../accounts/index.ts';
import {
  type LocationAttachments,
  type LocationRecord,
  loadAttachments,
  loadCatalog,
  recordsAfter,
  scheduleOf,
} from '../locations/index.ts';

/** Locations read per query: a page's attachments are one more query, and memory holds one page at a time. */
const PAGE = 500;

function exportedLocationOf(record: LocationRecord, attachments: LocationAttachments): ExportedLocation {
  return {
    id: record.public_id,
    external_id: record.external_id,
    name: record.name,
    address: record.address,
    display_address: record.display_address,
    ...(Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((field) => [field, record[field]])) as Record<
      OptionalTextField,
      string | null
    >),
    lat: record.lat,
    lng: record.lng,
    visible: record.visible === 1,
    location_type: record.type_name,
    marker: record.marker_name,
    cover: record.cover_image_url,
    time_zone: record.time_zone,
    hours: scheduleOf(record),
    special_hours: readSpecialHours(record.special_hours),
    filters: (attachments.filters.get(record.id) ?? []).map((filter) => filter.name),
    fields: Object.fromEntries((attachments.fields.get(record.id) ?? []).map((field) => [field.name, field.value])),
    callsToAction: Object.fromEntries(
      (attachments.callsToAction.get(record.id) ?? []).map((cta) => [cta.title, cta.value]),
    ),
  };
}

/**
 * Every location of a project with what is attached to it, a page at a time in ID order, as the consumer asks for them.
 */
async function* locationsOf(db: Kysely<Database>, projectId: number): AsyncGenerator<ExportedLocation> {
  for (let after = 0; ; ) {
    const records = await recordsAfter(db, projectId, after, PAGE);
    if (records.length === 0) return;
    const attachments = await loadAttachments(db, records, {
      hours: false,
      filters: true,
      fields: true,
      callsToAction: true,
    });
    for (const record of records) yield exportedLocationOf(record, attachments);
    after = records.at(-1)?.id ?? after;
  }
}

/**
 * A project's locations as a file of the format, streamed: pages are read as the stream is consumed, so memory stays
 * flat whatever the project's size. Pages are read one after another, not in one snapshot (a long read transaction
 * would hold SQLite's one connection from every other request): a write during the export shows in the pages not yet
 * read, and no location is written twice or skipped unless it is created or deleted meanwhile.
 */
export async function exportLocations(
  db: Kysely<Database>,
  { project: ref, format }: { project: ProjectRef; format: FileFormat },
): Promise<{ projectId: string; stream: Readable }> {
  const project = await accessibleProject(db, ref);
  const catalog = await loadCatalog(db, project.id);
  const exportCatalog: ExportCatalog = {
    fields: catalog.fields.map((field) => field.name),
    callsToAction: catalog.callsToAction.map((cta) => cta.title),
  };
  return { projectId: project.public_id, stream: writeLocations(format, exportCatalog, locationsOf(db, project.id)) };
}
