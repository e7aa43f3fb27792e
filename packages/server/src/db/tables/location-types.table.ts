import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface LocationTypesTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  name: string;
  priority: number;
  is_default: number;
  label: number;
  /** Where it stands in the project's order of its kind, 0 first (the dashboard reorders it). */
  position: Generated<number>;
  created_at: string;
}

export type LocationTypeRow = Selectable<LocationTypesTable>;
export type InsertableLocationTypeRow = Insertable<LocationTypesTable>;
export type UpdateableLocationTypeRow = Updateable<LocationTypesTable>;
