import type { WebhookAttemptRow } from '../../db/tables/webhook-attempts.table.ts';
import type { WebhookDeliveryStatus } from '../../db/tables/webhook-deliveries.table.ts';
import type { WebhookEndpointRow } from '../../db/tables/webhook-endpoints.table.ts';
import { webhookPayloadOf } from './webhook-delivery.service.ts';
import type { DeliveryListing } from './webhooks.repository.ts';

/** A webhook endpoint as the API shows it; the secret only where it is made. */
export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  description: string | null;
  disabled_reason: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One try of a delivery, as the log shows it. */
export interface AttemptView {
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
}

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  /** When the next try is due; null once delivered or failed, or while the endpoint is disabled. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  /** The JSON body every try POSTs. */
  request_body: string;
  attempts: AttemptView[];
}

export function viewOf(row: WebhookEndpointRow): WebhookView {
  return {
    id: row.public_id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled === 1,
    description: row.description,
    disabled_reason: row.disabled_reason,
    disabled_at: row.disabled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function attemptViewOf(row: WebhookAttemptRow): AttemptView {
  return {
    attempted_at: row.attempted_at,
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    response_body: row.response_body,
  };
}

export function deliveryViewOf(row: DeliveryListing, attempts: readonly WebhookAttemptRow[]): DeliveryView {
  return {
    id: row.public_id,
    event_id: row.event_public_id,
    event_type: row.event_type,
    status: row.status,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    request_body: webhookPayloadOf({
      type: row.event_type,
      occurred_at: row.event_occurred_at,
      actor_type: row.event_actor_type,
      actor_id: row.event_actor_id,
      body: row.event_body,
    }),
    attempts: attempts.filter((attempt) => attempt.delivery_id === row.id).map(attemptViewOf),
  };
}
