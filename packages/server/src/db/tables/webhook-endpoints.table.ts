import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Where a project's events are sent, signed with the endpoint's secret. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  public_id: string;
  project_id: number;
  url: string;
  description: string | null;
  /** JSON array of event types, or `["*"]`. */
  events: string;
  enabled: number;
  /** Why the endpoint was disabled (by its owner or after failing deliveries), and when; null while enabled. */
  disabled_reason: string | null;
  disabled_at: string | null;
  /**
   * `whsec_…`, kept as it is: signing needs the key itself (HMAC), so it cannot be hashed like tokens. The one before
   * the last rotation signs too until `previous_secret_expires_at`, so receivers can switch without missing a delivery.
   */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** Failed tries since the last success; at 50 the endpoint is disabled. */
  failures_in_a_row: number;
  created_at: string;
  updated_at: string;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type InsertableWebhookEndpointRow = Insertable<WebhookEndpointsTable>;
export type UpdateableWebhookEndpointRow = Updateable<WebhookEndpointsTable>;
