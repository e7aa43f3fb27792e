import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { InsertablePublishableKeyRow, PublishableKeyRow } from '../../db/tables/publishable-keys.table.ts';
import type { FinderDesignRow } from '../../domain/finder-design.ts';

export async function insertPublishableKey(db: Executor, row: InsertablePublishableKeyRow): Promise<PublishableKeyRow> {
  return db.insertInto('publishable_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The project's keys, revoked ones too, oldest first. */
export async function listPublishableKeys(db: Executor, projectId: number): Promise<PublishableKeyRow[]> {
  return db.selectFrom('publishable_keys').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

/** A key by its public ID, within a project when one is given. */
export async function findPublishableKey(
  db: Executor,
  publicId: string,
  projectId?: number,
): Promise<PublishableKeyRow | undefined> {
  let query = db.selectFrom('publishable_keys').selectAll().where('public_id', '=', publicId);
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  return query.executeTakeFirst();
}

export async function updatePublishableKey(
  db: Executor,
  id: number,
  changes: { origins?: string; revoked_at?: string },
): Promise<PublishableKeyRow> {
  return db.updateTable('publishable_keys').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** What a public request needs of the key it sent and the key's project. */
export interface KeyAccessRow {
  project_id: number;
  origins: string;
  revoked_at: string | null;
  plan: string;
  project_public_id: string;
  project_name: string;
  display_name: string | null;
  logo_url: string | null;
  brand_color: string | null;
  data_version: number;
}

/** A key's row with its project's store-finder design. */
export type KeyAccessWithDesign = KeyAccessRow & FinderDesignRow;

/**
 * A key a page sent, with its project's plan and data version: every store-finder request reads it, so it is SQL
 * text rather than a builder chain (docs/decisions/record-reads-as-sql.md).
 */
export async function findKeyAccess(db: Executor, key: string): Promise<KeyAccessWithDesign | undefined> {
  const { rows } =
    await sql<KeyAccessWithDesign>`select "publishable_keys"."project_id", "publishable_keys"."origins", "publishable_keys"."revoked_at",
      "projects"."plan", "projects"."public_id" as "project_public_id", "projects"."name" as "project_name",
      "projects"."display_name", "projects"."logo_url", "projects"."brand_color", "projects"."data_version",
      "projects"."text_color", "projects"."background_color", "projects"."font_family", "projects"."corner_radius",
      "projects"."widget_height", "projects"."widget_units", "projects"."widget_language", "projects"."search_radius",
      "projects"."result_limit", "projects"."map_consent", "projects"."default_unit", "projects"."default_country"
    from "publishable_keys" inner join "projects" on "projects"."id" = "publishable_keys"."project_id"
    where "publishable_keys"."key" = ${key}`.execute(db);
  return rows[0];
}

/** The projects with at least one key not revoked, with their plan and data version: those a website may search. */
export async function findProjectsWithKeys(
  db: Executor,
): Promise<{ id: number; plan: string; data_version: number }[]> {
  return db
    .selectFrom('projects')
    .select(['projects.id', 'projects.plan', 'projects.data_version'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('publishable_keys')
          .select('publishable_keys.id')
          .whereRef('publishable_keys.project_id', '=', 'projects.id')
          .where('publishable_keys.revoked_at', 'is', null),
      ),
    )
    .orderBy('projects.id')
    .execute();
}
