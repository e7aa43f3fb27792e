import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A passkey (WebAuthn credential) a user registered: it signs them in instead of the password. */
export interface PasskeysTable {
  id: Generated<number>;
  /** `psk_…`, as the API shows it. */
  public_id: string;
  user_id: number;
  /** The credential's ID, base64url, as the authenticator gave it. */
  credential_id: string;
  /** The credential's public key (COSE), base64url. */
  public_key: string;
  /** The authenticator's signature counter (a bigint: PostgreSQL's driver reads it as text). */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of the transports the authenticator named (`["internal"]`). */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type PasskeyRow = Selectable<PasskeysTable>;
export type InsertablePasskeyRow = Insertable<PasskeysTable>;
