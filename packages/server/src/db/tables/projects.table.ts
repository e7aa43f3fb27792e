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
  /** The store finder's design (`features/settings/branding.service.ts`), null for the widget's own defaults. */
  text_color: string | null;
  background_color: string | null;
  font_family: string | null;
  corner_radius: number | null;
  widget_height: number | null;
  widget_units: string | null;
  widget_language: string | null;
  search_radius: number | null;
  result_limit: number | null;
  map_consent: string | null;
  /** The project's distance unit and country, null for what its locations suggest. */
  default_unit: string | null;
  default_country: string | null;
  created_at: string;
  updated_at: string;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type InsertableProjectRow = Insertable<ProjectsTable>;
export type UpdateableProjectRow = Updateable<ProjectsTable>;
