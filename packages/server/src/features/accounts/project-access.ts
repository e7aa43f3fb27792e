import type { Executor } from '../../db/executor.ts';
import type { ProjectRow } from '../../db/tables/projects.table.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { requireApiAccess } from '../../domain/plans.ts';
import { findOwnedProject, findPersonalProject } from './projects.repository.ts';

/** The project a request works on: one of the caller's, by public ID (V2), or the caller's personal project (V1). */
export type ProjectRef = { userId: number; publicId: string } | { userId: number; personal: true };

/**
 * The project a reference names, read on `db` (a service passes its transaction, so the write saves against the
 * project as it read it). Someone else's project is not found; one whose plan lacks API access is forbidden.
 */
export async function accessibleProject(db: Executor, ref: ProjectRef): Promise<ProjectRow> {
  const project =
    'publicId' in ref
      ? await findOwnedProject(db, ref.userId, ref.publicId)
      : await findPersonalProject(db, ref.userId);
  if (!project) throw NotFoundError.of('Project');
  requireApiAccess(project.plan);
  return project;
}

/** The reference to a project already found (the CLI's own, which creates its demo project and then fills it). */
export function refOfProject(project: Pick<ProjectRow, 'user_id' | 'public_id'>): ProjectRef {
  return { userId: project.user_id, publicId: project.public_id };
}
