import type { Generated, Insertable, Selectable } from 'kysely';

/** One try of a delivery, as the deliveries log shows it. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: string;
  /** The receiver's HTTP status; null when none came (refused address, timeout, connection error). */
  status_code: number | null;
  duration_ms: number;
  /** Why the try failed, when it did. */
  error: string | null;
  /** The start of the receiver's answer, at most 1 KB. */
  response_body: string | null;
}

export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type InsertableWebhookAttemptRow = Insertable<WebhookAttemptsTable>;
