import type { Executor } from '../../db/executor.ts';
import type { BrandingBody } from './schemas/branding.ts';

/** Writes a project's store-finder branding. */
export async function saveBranding(db: Executor, projectId: number, branding: BrandingBody): Promise<void> {
  await db.updateTable('projects').set(branding).where('id', '=', projectId).execute();
}
