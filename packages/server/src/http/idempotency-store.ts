import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { IdempotencyKeyRow } from '../db/tables/idempotency-keys.table.ts';
import { ConflictError, InvalidInputError } from '../domain/errors.ts';
import { idempotencyWindowStart } from '../domain/idempotency.ts';
import { isoOf } from '../domain/time.ts';
import * as keys from './idempotency-keys.repository.ts';

/** A request carrying an `Idempotency-Key`. */
export interface IdempotentRequest {
  userId: number;
  key: string;
  /** Method and route pattern, kept for operators reading the table. */
  route: string;
  /** See `requestFingerprint`. */
  requestHash: string;
  /** When the request arrived (milliseconds since the epoch). */
  now: number;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** Thrown inside a write's transaction when another request already holds the key; the write is rolled back. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('The idempotency key is held by another request.');
    this.name = 'IdempotencyKeyTaken';
  }
}

function storedResponseOf(row: IdempotencyKeyRow, request: IdempotentRequest): StoredResponse | 'in-progress' {
  if (row.request_hash !== request.requestHash) {
    throw InvalidInputError.fields({
      'Idempotency-Key': ['was already used with another request; send a new key for a different request'],
    });
  }
  if (row.response_status === null || row.response_body === null) return 'in-progress';
  return { status: row.response_status, body: JSON.parse(row.response_body) as unknown };
}

/**
 * The response stored for the request's key within the last 24 hours, or undefined when the key is new or expired.
 * The key sent with a different request (method, path or body) is a 422; a key whose request has not finished is a 409.
 */
export async function storedResponseFor(db: Executor, request: IdempotentRequest): Promise<StoredResponse | undefined> {
  const row = await keys.findIdempotencyKey(
    db,
    request.userId,
    request.key,
    isoOf(idempotencyWindowStart(request.now)),
  );
  if (!row) return undefined;
  const stored = storedResponseOf(row, request);
  if (stored === 'in-progress')
    throw new ConflictError('A request with this Idempotency-Key is in progress; retry after it has finished.');
  return stored;
}

/**
 * The transaction hooks that make a create idempotent: first forget the user's expired keys and claim this one
 * (throwing `IdempotencyKeyTaken` when it is held, which rolls the create back), last store the response.
 * Because the claim, the created rows and the response commit together, a crash loses none of them, and two
 * requests with one key can never both create.
 */
export function idempotencyHooks<Result>(request: IdempotentRequest, responseOf: (result: Result) => StoredResponse) {
  return {
    async before(trx: Transaction<Database>): Promise<void> {
      await keys.deleteExpiredIdempotencyKeys(trx, request.userId, isoOf(idempotencyWindowStart(request.now)));
      const claimed = await keys.claimIdempotencyKey(trx, {
        user_id: request.userId,
        key: request.key,
        route: request.route,
        request_hash: request.requestHash,
        created_at: isoOf(request.now),
      });
      if (!claimed) throw new IdempotencyKeyTaken();
    },
    async after(trx: Transaction<Database>, result: Result): Promise<void> {
      const response = responseOf(result);
      await keys.saveIdempotentResponse(
        trx,
        request.userId,
        request.key,
        response.status,
        JSON.stringify(response.body),
      );
    },
  };
}
