import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface ApiTokensTable {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  /** `v2` for API tokens, `legacy` for the single V1 token of a user. */
  kind: string;
  name: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** First characters of the token, to recognise it in listings. */
  token_hint: string;
  /** JSON array of scope names. */
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;
export type InsertableApiTokenRow = Insertable<ApiTokensTable>;
export type UpdateableApiTokenRow = Updateable<ApiTokensTable>;
