import type { Generated, Insertable, Selectable } from 'kysely';

export type ImportChangeKind = 'created' | 'updated' | 'deleted';

/** A location an import created, updated or deleted (a dry run: would): the import's diff, row by row. */
export interface ImportRowChangesTable {
  id: Generated<number>;
  import_id: number;
  kind: ImportChangeKind;
  /** The file's row; null for a deletion. */
  row_number: number | null;
  /** The location's public ID; null for a create of a dry run (no location was made). */
  location_id: string | null;
  external_id: string | null;
  name: string | null;
  /** JSON list of the V2 input names an update changes; null otherwise. */
  fields: string | null;
}

export type ImportRowChangeRow = Selectable<ImportRowChangesTable>;
export type InsertableImportRowChange = Insertable<ImportRowChangesTable>;
