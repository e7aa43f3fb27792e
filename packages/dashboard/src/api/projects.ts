import type { Project } from '@locator/client';
import { api } from './client.ts';

/** A member's role in a project, from most to least power. */
export type Role = 'owner' | 'admin' | 'editor' | 'viewer';

/** A project of the signed-in person, with their role in it. */
export type MemberProject = Project & { role: Role };

/** Every project the signed-in person is a member of (`GET /api/v2/projects`). */
export async function listProjects(): Promise<MemberProject[]> {
  // The role is in the answer once members exist; a project without it is the person's own (personal) project.
  const projects = (await api.listProjects()) as (Project & { role?: Role })[];
  return projects.map((project) => ({ ...project, role: project.role ?? 'owner' }));
}
