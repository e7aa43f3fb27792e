import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/database.ts';
import type { TransactionHooks } from '../db/transaction-hooks.ts';
import { IDEMPOTENCY_KEY_MAX_LENGTH, requestFingerprint } from '../domain/idempotency.ts';
import type { Clock } from '../domain/time.ts';
import { principalOf } from './auth.ts';
import { pathOf } from './base-url.ts';
import { ApiError } from './errors.ts';
import {
  IdempotencyKeyTaken,
  type IdempotentRequest,
  idempotencyHooks,
  type StoredResponse,
  storedResponseFor,
} from './idempotency-store.ts';

/** What a POST route's OpenAPI description says about retries. */
export const IDEMPOTENCY_DESCRIPTION =
  'Retries are safe with an `Idempotency-Key` header (a unique string of up to 255 characters, such as a UUID): the response to the first request with a key is kept for 24 hours, and a request with the same key and the same body (same method and path, same JSON whatever its key order) gets that response again, with `Idempotent-Replayed: true`, without creating anything. The same key with a different body is a 422. Keys belong to the user, whichever of the user’s tokens sends them. A request that arrives while another with its key is still running waits for it, then gets its response. A failed request (any 4xx or 5xx) stores nothing, so it can be retried with the same key.';

/** The optional `Idempotency-Key` request header of POST routes, validated and shown in the OpenAPI document. */
export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description: 'Makes retries of this request safe; see the operation description.',
      examples: ['5f0c6a8e-8f7e-4b55-9a4c-0d3f1f6f2b1e'],
    }),
  ),
});

/** Where the keys and their responses are kept, and the clock that dates them. */
export interface IdempotencyStore {
  db: Kysely<Database>;
  clock: Clock;
}

/** How a route creates something: the write (joining the given hooks' transaction) and the body it answers. */
export interface IdempotentCreate<Result> {
  status: number;
  /**
   * Refuses a request that may not create here, when the route has not checked that already; run before a key is looked
   * up.
   */
  check?(): Promise<unknown>;
  create(hooks: TransactionHooks<Result>): Promise<Result>;
  present(result: Result): unknown;
}

function replay(reply: FastifyReply, stored: StoredResponse): FastifyReply {
  return reply.code(stored.status).header('idempotent-replayed', 'true').send(stored.body);
}

/**
 * Answers a create, honouring the request's `Idempotency-Key`: a key seen within 24 hours replays its stored
 * response; a new key is claimed and the response stored in the create's own transaction. Without the header the
 * create simply runs.
 */
export async function sendCreated<Result>(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, clock }: IdempotencyStore,
  create: IdempotentCreate<Result>,
): Promise<FastifyReply> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return reply.code(create.status).send(create.present(await create.create({})));

  const idempotent: IdempotentRequest = {
    userId: principalOf(request).userId,
    key,
    route: `${request.method} ${request.routeOptions.url ?? pathOf(request)}`,
    requestHash: requestFingerprint(request.method, pathOf(request), request.body),
    now: clock(),
  };
  await create.check?.();
  const earlier = await storedResponseFor(db, idempotent);
  if (earlier) return replay(reply, earlier);
  try {
    const result = await create.create(
      idempotencyHooks(idempotent, (created: Result) => ({ status: create.status, body: create.present(created) })),
    );
    return reply.code(create.status).send(create.present(result));
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken)) throw error;
    // Another request with this key committed while this one ran; this one was rolled back, so answer as the other did.
    const winner = await storedResponseFor(db, idempotent);
    if (winner) return replay(reply, winner);
    throw new ApiError(409, 'A request with this Idempotency-Key is in progress; retry after it has finished.');
  }
}
