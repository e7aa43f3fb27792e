import type { Generated, Insertable, Selectable } from 'kysely';

export interface PublishableKeysTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  /** `lpk_…`: public by design, so stored as it is. */
  key: string;
  /** JSON array of allowed origins (`https://shop.example`, `https://*.shop.example`); empty allows any. */
  origins: string;
  created_at: string;
  revoked_at: string | null;
}

export type PublishableKeyRow = Selectable<PublishableKeysTable>;
export type InsertablePublishableKeyRow = Insertable<PublishableKeysTable>;
