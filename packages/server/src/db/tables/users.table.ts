import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  public_id: string;
  email: string;
  name: string;
  /** The password's scrypt hash with its parameters (`domain/passwords.ts`); null without a password. */
  password_hash: Generated<string | null>;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type InsertableUserRow = Insertable<UsersTable>;
export type UpdateableUserRow = Updateable<UsersTable>;
