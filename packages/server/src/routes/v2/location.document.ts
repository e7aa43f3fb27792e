import { serializerOf } from '../../http/json-text.ts';
import { LocationV2 } from '../../schemas/location.v2.ts';
import type { DocumentParts, DocumentRenderer } from '../../services/location-documents.service.ts';
import { ALL_ATTACHMENTS, type AttachmentSelection } from '../../services/locations.service.ts';
import { presentLocationV2 } from './location.present.ts';

const NO_ATTACHMENTS: AttachmentSelection = { hours: false, filters: false, fields: false, callsToAction: false };

const serializeBody = serializerOf(LocationV2);
const serializeHours = serializerOf(LocationV2.properties.hours);
const serializeFilters = serializerOf(LocationV2.properties.filters);
const serializeFields = serializerOf(LocationV2.properties.fields);
const serializeCallsToAction = serializerOf(LocationV2.properties.callsToAction);

/** The V2 document: the body without includes, and each include serialised apart (see `writeLocationV2`). */
export const v2DocumentRenderer: DocumentRenderer = {
  format: 'v2',
  render(view) {
    const full = presentLocationV2(view, ALL_ATTACHMENTS);
    return {
      body: serializeBody(presentLocationV2(view, NO_ATTACHMENTS)),
      hours: serializeHours(full.hours ?? null),
      filters: serializeFilters(full.filters ?? []),
      fields: serializeFields(full.fields ?? []),
      calls_to_action: serializeCallsToAction(full.callsToAction ?? []),
    };
  },
};

/**
 * Writes a location's V2 JSON with the includes asked for, assembled from its document. The includes are the
 * schema's last properties, in this order, so the text is what serialising the whole object gives.
 */
export function writeLocationV2(parts: DocumentParts, selection: AttachmentSelection, pieces: string[]): void {
  pieces.push(parts.body.slice(0, -1));
  if (selection.hours) pieces.push(',"hours":', parts.hours ?? 'null');
  if (selection.filters) pieces.push(',"filters":', parts.filters ?? '[]');
  if (selection.fields) pieces.push(',"fields":', parts.fields ?? '[]');
  if (selection.callsToAction) pieces.push(',"callsToAction":', parts.calls_to_action ?? '[]');
  pieces.push('}');
}
