import type { Generated, Insertable, Selectable } from 'kysely';

/** A link that sets a new password, once, within an hour. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the link's token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type InsertablePasswordResetRow = Insertable<PasswordResetsTable>;
