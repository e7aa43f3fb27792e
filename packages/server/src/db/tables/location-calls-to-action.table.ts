import type { Selectable } from 'kysely';

/** Call-to-action values (the button's link) of a location. */
export interface LocationCallsToActionTable {
  location_id: number;
  call_to_action_id: number;
  value: string;
}

export type LocationCallToActionRow = Selectable<LocationCallsToActionTable>;
