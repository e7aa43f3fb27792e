import type { Insertable, Selectable } from 'kysely';

/** A deleted location's ID with the project data version of its delete, read by the store finder to drop it. */
export interface DeletedLocationsTable {
  project_id: number;
  /** The deleted row's ID (IDs are never handed out again). */
  location_id: number;
  data_version: number;
  deleted_at: string;
}

export type DeletedLocationRow = Selectable<DeletedLocationsTable>;
export type InsertableDeletedLocationRow = Insertable<DeletedLocationsTable>;
