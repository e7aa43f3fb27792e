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

/**
 * The V2 document: the location with every include, which are the schema's last properties in this order, and where
 * each one starts, so `writeLocationV2` can leave out any of them. Each part is serialised by its own schema, so the
 * text is what serialising the whole object gives.
 */
export const v2DocumentRenderer: DocumentRenderer = {
  format: 'v2',
  render(view) {
    const full = presentLocationV2(view, ALL_ATTACHMENTS);
    let body = serializeBody(presentLocationV2(view, NO_ATTACHMENTS)).slice(0, -1);
    const append = (key: string, json: string) => {
      const at = body.length;
      body += `,"${key}":${json}`;
      return at;
    };
    const hours_at = append('hours', serializeHours(full.hours ?? null));
    const filters_at = append('filters', serializeFilters(full.filters ?? []));
    const fields_at = append('fields', serializeFields(full.fields ?? []));
    const calls_to_action_at = append('callsToAction', serializeCallsToAction(full.callsToAction ?? []));
    return { body: `${body}}`, hours_at, filters_at, fields_at, calls_to_action_at };
  },
};

/** Writes a location's V2 JSON with the includes asked for, cut from its document (whole when all are asked for). */
export function writeLocationV2(parts: DocumentParts, selection: AttachmentSelection, pieces: string[]): void {
  const { body, hours_at, filters_at, fields_at, calls_to_action_at } = parts;
  if (hours_at === null || filters_at === null || fields_at === null || calls_to_action_at === null) {
    throw new Error('A V2 document without the positions of its includes');
  }
  if (selection.hours && selection.filters && selection.fields && selection.callsToAction) {
    pieces.push(body);
    return;
  }
  pieces.push(body.slice(0, hours_at));
  if (selection.hours) pieces.push(body.slice(hours_at, filters_at));
  if (selection.filters) pieces.push(body.slice(filters_at, fields_at));
  if (selection.fields) pieces.push(body.slice(fields_at, calls_to_action_at));
  if (selection.callsToAction) pieces.push(body.slice(calls_to_action_at, -1));
  pieces.push('}');
}
