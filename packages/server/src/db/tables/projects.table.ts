import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface ProjectsTable {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  name: string;
  plan: string;
  /** 1 for the user's personal project, the one V1 is scoped to. */
  personal: number;
  /** How many locations the project holds; kept by database triggers, read by unfiltered lists instead of counting. */
  locations_count: Generated<number>;
  /** Moves on with every write of the project's locations or settings (see `lockProjectForChange`). */
  data_version: Generated<number>;
  /** The store finder's branding (`features/settings/branding.service.ts`); null until set. */
  display_name: string | null;
  logo_url: string | null;
  brand_color: string | null;
  created_at: string;
  updated_at: string;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type InsertableProjectRow = Insertable<ProjectsTable>;
export type UpdateableProjectRow = Updateable<ProjectsTable>;
