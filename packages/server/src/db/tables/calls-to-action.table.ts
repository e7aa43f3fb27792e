import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CallsToActionTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  title: string;
  /** Where it stands in the project's order of its kind, 0 first (the dashboard reorders it). */
  position: Generated<number>;
  created_at: string;
}

export type CallToActionRow = Selectable<CallsToActionTable>;
export type InsertableCallToActionRow = Insertable<CallsToActionTable>;
export type UpdateableCallToActionRow = Updateable<CallsToActionTable>;
