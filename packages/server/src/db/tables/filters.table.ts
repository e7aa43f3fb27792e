import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface FiltersTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  name: string;
  created_at: string;
}

export type FilterRow = Selectable<FiltersTable>;
export type InsertableFilterRow = Insertable<FiltersTable>;
export type UpdateableFilterRow = Updateable<FiltersTable>;
