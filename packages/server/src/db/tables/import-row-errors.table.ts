import type { Selectable } from 'kysely';

/** A row of an import's file that failed, with its field errors as JSON. */
export interface ImportRowErrorsTable {
  import_id: number;
  row_number: number;
  external_id: string | null;
  errors: string;
}

export type ImportRowErrorRow = Selectable<ImportRowErrorsTable>;
