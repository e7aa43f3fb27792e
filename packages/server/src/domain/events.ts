import { isDeepStrictEqual } from 'node:util';

/**
 * Who made a change, as the change feed and webhooks show it. `id` names the credential or the process: a token's
 * public ID (`tok_…`) for `token` and `legacy_token`, the command for `cli` (`geocode`, `demo`), the import's ID for
 * `import`, the worker for `system` (`geocoding`), and the user's public ID (`usr_…`) for `user`, a person signed in
 * to the dashboard.
 */
export type Actor =
  | { type: 'token'; id: string }
  | { type: 'user'; id: string }
  | { type: 'legacy_token'; id: string }
  | { type: 'cli'; id: string }
  | { type: 'import'; id: string }
  | { type: 'system'; id: string };

export type ActorType = Actor['type'];

/** Changes of a location: each carries the location's V2 body (the last state for a deletion). */
export const LOCATION_EVENT_TYPES = [
  'location.created',
  'location.updated',
  'location.deleted',
  'geocoding.failed',
] as const;
export type LocationEventType = (typeof LOCATION_EVENT_TYPES)[number];

/** The kinds of project configuration, as their events name them (`filter.updated`). */
export type SettingEventKind = 'location_type' | 'marker' | 'filter' | 'field' | 'call_to_action' | 'branding';
export type SettingEventType = `${SettingEventKind}.${'created' | 'updated' | 'deleted'}`;

/** What webhook endpoints may subscribe to (or `*` for all of them). Configuration changes are in the feed only. */
export const WEBHOOK_EVENT_TYPES = [...LOCATION_EVENT_TYPES, 'import.completed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Every type an event of the feed can have. `ping` (a webhook test) is delivered but never in the feed. */
export type ChangeEventType = LocationEventType | SettingEventType | 'import.completed';
export type EventType = ChangeEventType | 'ping';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** One changed key of a body, before and after. */
export interface FieldChange {
  old: unknown;
  new: unknown;
}

/** Keys every write moves or never changes, so they say nothing about what a write did. */
const UNCOMPARED_KEYS: ReadonlySet<string> = new Set(['id', 'created_at', 'updated_at']);

/**
 * The top-level keys whose values differ between two bodies of the same thing, with their old and new values, in
 * the order of the newer body's keys. Timestamps are not compared: a write that changed nothing else has no changes.
 * @example changesBetween({ phone: null, city: 'Austin' }, { phone: '+1 512', city: 'Austin' }) // { phone: { old: null, new: '+1 512' } }
 */
export function changesBetween(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(after), ...Object.keys(before)]);
  for (const key of keys) {
    if (UNCOMPARED_KEYS.has(key)) continue;
    const old = before[key] ?? null;
    const now = after[key] ?? null;
    if (!isDeepStrictEqual(old, now)) changes[key] = { old, new: now };
  }
  return changes;
}

/**
 * Whether an endpoint subscribed to `subscribed` (event types, or `*`) receives an event of `type`.
 * @example receives(['*'], 'location.updated') // true
 */
export function receives(subscribed: readonly string[], type: EventType): boolean {
  if (type === 'ping') return true;
  return subscribed.includes('*') || subscribed.includes(type);
}
