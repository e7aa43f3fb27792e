import type { Generated, Insertable, Selectable } from 'kysely';

/** Images stored in a project, so a location's `cover` can name one instead of giving a URL. */
export interface ImagesTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  name: string;
  url: string;
  created_at: string;
}

export type ImageRow = Selectable<ImagesTable>;
export type InsertableImageRow = Insertable<ImagesTable>;
