import type { Project, Role } from '@locator/client';
import { api } from './client.ts';

export type { Role };

/** A project of the signed-in person, with their role in it. */
export type MemberProject = Project;

/** Every project the signed-in person is a member of (`GET /api/v2/projects`), with their role in each. */
export function listProjects(): Promise<MemberProject[]> {
  return api.listProjects();
}
