import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * What changed in a project, written in the transaction of the change: the change feed's items and what webhooks
 * deliver. Within a project, `id` follows commit order (each change holds the project's lock from before its events
 * are inserted until it commits), so it is the feed's order and, through `public_id`, its cursor.
 */
export interface EventsTable {
  id: Generated<number>;
  /** `evt_…`: the feed's cursor and the `webhook-id` of its deliveries. */
  public_id: string;
  project_id: number;
  /** `location.updated`, `filter.deleted`, `ping`, ... (`domain/events.ts`). */
  type: string;
  /** The location's row ID and public ID for location events; no foreign key, as the location may be gone. */
  location_id: number | null;
  location_public_id: string | null;
  /** Who made the change: `token`, `legacy_token`, `user` (signed in), `cli`, `import`, `system`, and its ID. */
  actor_type: string;
  actor_id: string;
  /** The project's `data_version` the change committed with. */
  data_version: number;
  /** JSON: `{"location": <V2 body>, "changes": {...}}`, `{"setting": ..., "changes": ...}`, ... */
  body: string;
  occurred_at: string;
}

export type EventRow = Selectable<EventsTable>;
export type InsertableEventRow = Insertable<EventsTable>;
