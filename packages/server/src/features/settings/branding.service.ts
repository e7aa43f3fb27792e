import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import type { Clock } from '../../domain/time.ts';
import { recordEvents } from '../../events/outbox.repository.ts';
import { accessibleProject, lockProjectForChange } from '../accounts/index.ts';
import { saveBranding } from './branding.repository.ts';
import type { BrandingBody, BrandingPatchBody } from './schemas/branding.ts';
import { settingEventOf } from './setting-events.ts';

const bodyOf = (row: { display_name: string | null; logo_url: string | null; brand_color: string | null }) => ({
  display_name: row.display_name,
  logo_url: row.logo_url,
  brand_color: row.brand_color,
});

/**
 * The store finder's branding of a project: read by its members, changed by those who manage it, in one transaction
 * that moves the project's data version (the finder's answers and pages are tagged by it) with a `branding.updated`
 * event in the change feed.
 */
export function createBranding({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  return {
    async get(ref: ProjectRef): Promise<BrandingBody> {
      return bodyOf(await accessibleProject(db, ref));
    },

    async update({
      project: ref,
      input,
      actor,
    }: {
      project: ProjectRef;
      input: BrandingPatchBody;
      actor: Actor;
    }): Promise<BrandingBody> {
      const displayName = input.display_name === undefined ? undefined : (input.display_name?.trim() ?? null);
      if (displayName === '')
        throw new InvalidInputError('The branding is not valid.', { display_name: ['must not be blank'] });
      const changes = {
        display_name: displayName,
        logo_url: input.logo_url,
        brand_color: input.brand_color === undefined ? undefined : (input.brand_color?.toLowerCase() ?? null),
      };
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        const before = bodyOf(project);
        const after: BrandingBody = {
          display_name: changes.display_name === undefined ? before.display_name : changes.display_name,
          logo_url: changes.logo_url === undefined ? before.logo_url : changes.logo_url,
          brand_color: changes.brand_color === undefined ? before.brand_color : changes.brand_color,
        };
        const event = settingEventOf({ kind: 'branding', action: 'updated', before, after });
        if (!event) return before;
        const dataVersion = await lockProjectForChange(trx, project.id);
        await saveBranding(trx, project.id, after);
        await recordEvents(trx, { id: project.id, dataVersion }, { actor, now: clock() }, [event]);
        return after;
      });
    },
  };
}

export type Branding = ReturnType<typeof createBranding>;
