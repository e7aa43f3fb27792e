import type { Selectable } from 'kysely';

/** Which API's representation a stored document is. */
export type DocumentFormat = 'v2' | 'v1';

/** The table of each API's documents; both have the columns of `LocationDocumentsTable`. */
export const DOCUMENT_TABLES = { v2: 'location_documents_v2', v1: 'location_documents_v1' } as const;

/**
 * A location's representation as an API answers it, serialised once and stored. Valid only while `revision` and
 * `catalog_revision` equal the location's and its project's (which triggers move on every change), so a stale one
 * is never served, only rebuilt.
 */
export interface LocationDocumentsTable {
  location_id: number;
  revision: number;
  catalog_revision: number;
  /** The JSON object; for V2 with every include, which are its last properties. */
  body: string;
  /** V2: where in `body` each include starts (at its comma), so any combination can be cut out; null for V1. */
  hours_at: number | null;
  filters_at: number | null;
  fields_at: number | null;
  calls_to_action_at: number | null;
}

export type LocationDocumentRow = Selectable<LocationDocumentsTable>;
