import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProjectRow } from '../../db/tables/projects.table.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import {
  contrastRatio,
  designOfRow,
  MIN_CONTRAST,
  rowOfDesign,
  WIDGET_BACKGROUND_COLOR,
  WIDGET_TEXT_COLOR,
} from '../../domain/finder-design.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import type { Clock } from '../../domain/time.ts';
import { recordEvents } from '../../events/outbox.repository.ts';
import { accessibleProject, lockProjectForChange } from '../accounts/index.ts';
import { saveBranding } from './branding.repository.ts';
import type { BrandingBody, BrandingPatchBody } from './schemas/branding.ts';
import { settingEventOf } from './setting-events.ts';

const bodyOf = (row: ProjectRow): BrandingBody => ({
  display_name: row.display_name,
  logo_url: row.logo_url,
  brand_color: row.brand_color,
  ...designOfRow(row),
});

const lowerCase = (value: string | null | undefined) => (value == null ? value : value.toLowerCase());

/** The patch as it is saved: names trimmed, colours in lower case, the country in upper case. */
function normalised(input: BrandingPatchBody): BrandingPatchBody {
  const displayName = input.display_name === undefined ? undefined : (input.display_name?.trim() ?? null);
  if (displayName === '')
    throw new InvalidInputError('The branding is not valid.', { display_name: ['must not be blank'] });
  const fontFamily = input.font_family === undefined ? undefined : input.font_family?.trim() || null;
  return {
    ...input,
    display_name: displayName,
    brand_color: lowerCase(input.brand_color),
    text_color: lowerCase(input.text_color),
    background_color: lowerCase(input.background_color),
    font_family: fontFamily,
    default_country: input.default_country == null ? input.default_country : input.default_country.toUpperCase(),
  };
}

/** Refuses (422) a text colour and background that would not meet WCAG AA together (the widget's own where null). */
function requireReadable(branding: BrandingBody): void {
  const text = branding.text_color ?? WIDGET_TEXT_COLOR;
  const background = branding.background_color ?? WIDGET_BACKGROUND_COLOR;
  const ratio = contrastRatio(text, background) ?? 0;
  if (ratio >= MIN_CONTRAST) return;
  const message = `contrast with the background is ${ratio.toFixed(2)}:1; WCAG AA needs ${MIN_CONTRAST}:1`;
  throw new InvalidInputError('The branding is not valid.', { text_color: [message], background_color: [message] });
}

/**
 * The store finder's branding and design of a project: read by its members, changed by those who manage it, in one
 * transaction that moves the project's data version (the finder's answers and pages are tagged by it) with a
 * `branding.updated` event in the change feed.
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
      const changes = Object.fromEntries(
        Object.entries(normalised(input)).filter(([, value]) => value !== undefined),
      ) as BrandingPatchBody;
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        const before = bodyOf(project);
        const after: BrandingBody = { ...before, ...changes };
        const event = settingEventOf({ kind: 'branding', action: 'updated', before, after });
        if (!event) return before;
        requireReadable(after);
        const dataVersion = await lockProjectForChange(trx, project.id);
        const { display_name, logo_url, brand_color, ...design } = after;
        await saveBranding(trx, project.id, { display_name, logo_url, brand_color, ...rowOfDesign(design) });
        await recordEvents(trx, { id: project.id, dataVersion }, { actor, now: clock() }, [event]);
        return after;
      });
    },
  };
}

export type Branding = ReturnType<typeof createBranding>;
