import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CustomFieldsTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  name: string;
  /** Where it stands in the project's order of its kind, 0 first (the dashboard reorders it). */
  position: Generated<number>;
  created_at: string;
}

export type CustomFieldRow = Selectable<CustomFieldsTable>;
export type InsertableCustomFieldRow = Insertable<CustomFieldsTable>;
export type UpdateableCustomFieldRow = Updateable<CustomFieldsTable>;
