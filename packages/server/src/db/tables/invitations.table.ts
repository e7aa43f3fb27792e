import type { Generated, Insertable, Selectable } from 'kysely';

/** An invitation to join a project with a role; its link works once, for 7 days. */
export interface InvitationsTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  email: string;
  role: string;
  /** SHA-256 of the link's token; the token itself is never stored. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export type InvitationRow = Selectable<InvitationsTable>;
export type InsertableInvitationRow = Insertable<InvitationsTable>;
