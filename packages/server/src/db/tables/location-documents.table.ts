import type { Selectable } from 'kysely';

/** Which API's representation a stored document is. */
export type DocumentFormat = 'v2' | 'v1';

/**
 * A location's representation as an API answers it, serialised once and stored. Valid only while `revision` and
 * `catalog_revision` equal the location's and its project's (which triggers move on every change), so a stale one
 * is never served, only rebuilt. A V2 document keeps each include apart so any combination can be assembled.
 */
export interface LocationDocumentsTable {
  location_id: number;
  format: DocumentFormat;
  revision: number;
  catalog_revision: number;
  /** The JSON object without the optional includes (V2) or the whole object (V1). */
  body: string;
  hours: string | null;
  filters: string | null;
  fields: string | null;
  calls_to_action: string | null;
}

export type LocationDocumentRow = Selectable<LocationDocumentsTable>;
