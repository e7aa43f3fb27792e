import type { Generated, Selectable } from 'kysely';

/** A row of an import's file that failed, with its field errors as JSON. */
export interface ImportRowErrorsTable {
  import_id: number;
  row_number: number;
  external_id: string | null;
  errors: string;
  /** `failed`, or `possible_duplicate`: a row created although a saved location has its name and address. */
  kind: Generated<'failed' | 'possible_duplicate'>;
  /** A failed row's cells as JSON (header to text), to download the failed rows; null for other notes. */
  cells: string | null;
}

export type ImportRowErrorRow = Selectable<ImportRowErrorsTable>;
