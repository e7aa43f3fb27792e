import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';
export type ImportMatch = 'external_id' | 'name_address';

/** A bulk import of a file into a project: its options, state, progress and counts (see features/imports/). */
export interface ImportsTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  status: ImportStatus;
  format: string;
  file_name: string | null;
  file_bytes: number;
  dry_run: number;
  delete_missing: number;
  atomic: number;
  /** How rows without a key match saved locations: `external_id` (they do not) or `name_address`. */
  match: Generated<ImportMatch>;
  /** JSON object of the column mapping sent: a header to the input name it sets, or null to skip it. */
  column_map: string | null;
  rows_read: Generated<number>;
  rows_done: Generated<number>;
  /** How far through the file reading has come, in thousandths. */
  read_permille: Generated<number>;
  /** Rows of the file (blank ones too) whose outcome is committed; a resumed import starts after them. */
  checkpoint: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  deleted: Generated<number>;
  failed: Generated<number>;
  geocoding_queued: Generated<number>;
  /** JSON list of the file's columns the import does not read, as the file names them. */
  unknown_columns: string | null;
  /** Why a failed import failed. */
  error: string | null;
  /** How many times a process took the import up; a third interruption fails it. */
  attempts: Generated<number>;
  /** The process running the import, and until when it counts as alive without renewing its lease. */
  locked_by: string | null;
  locked_until: string | null;
  /**
   * Who started the import (an actor of the change feed: `token` and its `tok_…`, or `cli` and `import`); null before
   * this was kept.
   */
  created_by_type: string | null;
  created_by_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export type ImportRow = Selectable<ImportsTable>;
export type InsertableImportRow = Insertable<ImportsTable>;
export type UpdateableImportRow = Updateable<ImportsTable>;
