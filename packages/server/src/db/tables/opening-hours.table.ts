import type { Insertable, Selectable, Updateable } from 'kysely';

/** One weekly schedule per location; a location without a row is "coming soon". */
export interface OpeningHoursTable {
  location_id: number;
  name: string;
  mon: string | null;
  tue: string | null;
  wed: string | null;
  thu: string | null;
  fri: string | null;
  sat: string | null;
  sun: string | null;
}

export type OpeningHoursRow = Selectable<OpeningHoursTable>;
export type InsertableOpeningHoursRow = Insertable<OpeningHoursTable>;
export type UpdateableOpeningHoursRow = Updateable<OpeningHoursTable>;
