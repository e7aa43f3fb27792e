import type { Selectable } from 'kysely';
import type { ImportMatch } from './imports.table.ts';

/** The column mapping and match a project's imports remember (the dashboard's import wizard suggests them). */
export interface ImportMappingsTable {
  project_id: number;
  /** JSON object: a header to the input name it sets, or null to skip the column. */
  columns: string;
  match: ImportMatch;
  updated_at: string;
}

export type ImportMappingRow = Selectable<ImportMappingsTable>;
