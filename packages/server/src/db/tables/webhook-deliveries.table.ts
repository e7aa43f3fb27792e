import type { Generated, Insertable, Selectable } from 'kysely';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event to one endpoint, queued in the transaction that wrote the event. A pending delivery waits for the
 * pending deliveries of the same endpoint and `ordering_key` with a lower ID, so a location's events arrive in order.
 */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  public_id: string;
  endpoint_id: number;
  event_id: number;
  /** The location's public ID for location events; `project` for the rest. */
  ordering_key: string;
  status: WebhookDeliveryStatus;
  /** Tries since the delivery was queued (or retried, or its endpoint enabled again). */
  tries: number;
  /**
   * When a worker may take it: the next try, or the end of a worker's claim while it sends. Null while its endpoint
   * is disabled, and once it is delivered or failed.
   */
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type InsertableWebhookDeliveryRow = Insertable<WebhookDeliveriesTable>;
