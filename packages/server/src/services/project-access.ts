import type { ProjectRow } from '../db/tables/projects.table.ts';
import type { Executor } from '../repositories/executor.ts';

/**
 * Finds and vets (ownership, plan) the project a write names, given the write's transaction: the write looks its
 * project up inside the transaction, so nothing is read before it (see `db/group-commit.ts`).
 */
export type ProjectAccess = (db: Executor) => Promise<ProjectRow>;

/** Access to a project already found and vetted (the CLI's own). */
export const knownProject =
  (project: ProjectRow): ProjectAccess =>
  async () =>
    project;
