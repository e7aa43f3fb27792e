import type { Executor } from '../../db/executor.ts';
import type { FinderDesignRow } from '../../domain/finder-design.ts';

/** Writes a project's store-finder branding and design. */
export async function saveBranding(
  db: Executor,
  projectId: number,
  branding: FinderDesignRow & { display_name: string | null; logo_url: string | null; brand_color: string | null },
): Promise<void> {
  await db.updateTable('projects').set(branding).where('id', '=', projectId).execute();
}
