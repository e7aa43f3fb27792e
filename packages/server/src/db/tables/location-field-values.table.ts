import type { Selectable } from 'kysely';

/** Custom-field values of a location. */
export interface LocationFieldValuesTable {
  location_id: number;
  field_id: number;
  value: string;
}

export type LocationFieldValueRow = Selectable<LocationFieldValuesTable>;
