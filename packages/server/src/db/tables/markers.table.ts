import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface MarkersTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  name: string;
  color: string | null;
  icon_url: string | null;
  is_default: number;
  /** Where it stands in the project's order of its kind, 0 first (the dashboard reorders it). */
  position: Generated<number>;
  created_at: string;
}

export type MarkerRow = Selectable<MarkersTable>;
export type InsertableMarkerRow = Insertable<MarkersTable>;
export type UpdateableMarkerRow = Updateable<MarkersTable>;
