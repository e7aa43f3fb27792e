import type { Insertable, Selectable } from 'kysely';

/** Who may work on a project, and as what (`domain/roles.ts`). */
export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  /** `viewer`, `editor`, `admin` or `owner`. */
  role: string;
  created_at: string;
}

export type ProjectMemberRow = Selectable<ProjectMembersTable>;
export type InsertableProjectMemberRow = Insertable<ProjectMembersTable>;
