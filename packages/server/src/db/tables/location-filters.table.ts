import type { Selectable } from 'kysely';

/** Filters attached to a location. */
export interface LocationFiltersTable {
  location_id: number;
  filter_id: number;
}

export type LocationFilterRow = Selectable<LocationFiltersTable>;
