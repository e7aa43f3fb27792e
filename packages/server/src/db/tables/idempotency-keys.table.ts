import type { Insertable, Selectable } from 'kysely';

/** One `Idempotency-Key` of a user and the response its request got; keys are unique per user. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** Method and route pattern, e.g. `POST /api/v2/projects/:project_id/locations`. */
  route: string;
  /** SHA-256 (hex) of method, path and canonical JSON body: the same key with another request is refused. */
  request_hash: string;
  /** Null only while the request that claimed the key runs (the claim and the response share one transaction). */
  response_status: number | null;
  /** The response body as JSON text. */
  response_body: string | null;
  /** ISO 8601 UTC; a key older than 24 hours is forgotten. */
  created_at: string;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type InsertableIdempotencyKeyRow = Insertable<IdempotencyKeysTable>;
