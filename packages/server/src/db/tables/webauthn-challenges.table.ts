import type { Generated, Insertable, Selectable } from 'kysely';

/** A WebAuthn challenge the server handed out: answered once, within minutes, on any instance. */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  purpose: 'register' | 'sign-in';
  /** The user registering a passkey; null for a sign-in, where the passkey names its user. */
  user_id: number | null;
  expires_at: string;
}

export type WebauthnChallengeRow = Selectable<WebauthnChallengesTable>;
export type InsertableWebauthnChallengeRow = Insertable<WebauthnChallengesTable>;
