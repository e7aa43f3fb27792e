import type { Generated, Insertable, Selectable } from 'kysely';

/** A signed-in browser: the cookie's value is never stored, only its SHA-256. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  value_hash: string;
  /** The token a request with the cookie must send in `X-CSRF-Token` (other than GET, HEAD and OPTIONS). */
  csrf_token: string;
  created_at: string;
  /** Kept to the minute: the idle timeout counts from it. */
  last_seen_at: string;
  /** The absolute end, set at sign-in. */
  expires_at: string;
  /** The browser's User-Agent at sign-in, so a person can tell their sessions apart; null when none was sent. */
  user_agent: string | null;
}

export type SessionRow = Selectable<SessionsTable>;
export type InsertableSessionRow = Insertable<SessionsTable>;
