import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { EventRow } from '../../db/tables/events.table.ts';
import type { WebhookDeliveryRow } from '../../db/tables/webhook-deliveries.table.ts';
import type { WebhookEndpointRow } from '../../db/tables/webhook-endpoints.table.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { describeSpan, FAILURES_IN_A_ROW_BEFORE_DISABLING, retryDelay } from '../../domain/webhook-retries.ts';
import type { StoredEventBody } from '../../events/outbox.repository.ts';
import { type JobQueue, runNextJob } from '../../jobs/runner.ts';
import { deleteEventsBefore, findEventById } from './events.repository.ts';
import type { WebhookOutcome, WebhookSender } from './sender.ts';
import * as webhooks from './webhooks.repository.ts';

/** What sending deliveries needs: the database, the HTTP side, the time, and the retry rules. */
export interface DeliveryContext {
  db: Kysely<Database>;
  sender: WebhookSender;
  clock: Clock;
  /** Waits before each retry; once spent, the delivery fails and its endpoint is disabled. */
  retrySchedule: readonly number[];
  /** How long a worker's claim on a delivery lasts: longer than any one try takes. */
  leaseMs: number;
}

export type DeliveryResult = 'delivered' | 'retrying' | 'failed' | 'lost';

/**
 * The JSON body of a delivery, as the issue of webhooks defines it: `{type, timestamp, data}`, where `data` holds what
 * the event carries (a location's V2 body, ...), the names of the changed keys for a location event, and the actor.
 */
export function webhookPayloadOf(
  event: Pick<EventRow, 'type' | 'occurred_at' | 'actor_type' | 'actor_id' | 'body'>,
): string {
  const { changes, ...carried } = JSON.parse(event.body) as StoredEventBody;
  const data = {
    ...carried,
    ...(carried.location ? { changed: Object.keys(changes ?? {}) } : {}),
    actor: { type: event.actor_type, id: event.actor_id },
  };
  return JSON.stringify({ type: event.type, timestamp: event.occurred_at, data });
}

/** The secrets a delivery is signed with: the endpoint's, and the one before it while that is still honoured. */
export function signingSecretsOf(
  endpoint: Pick<WebhookEndpointRow, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  now: number,
): string[] {
  const { secret, previous_secret: previous, previous_secret_expires_at: expires } = endpoint;
  return previous && expires && expires > isoOf(now) ? [secret, previous] : [secret];
}

/**
 * Disables an endpoint (if it is enabled) with the reason, holding its pending deliveries until it is enabled again.
 */
async function disableEndpoint(db: Executor, endpointId: number, reason: string, now: number): Promise<void> {
  const endpoint = await webhooks.findEndpointById(db, endpointId);
  if (endpoint?.enabled !== 1) return;
  await webhooks.updateEndpoint(db, endpointId, {
    enabled: 0,
    disabled_reason: reason,
    disabled_at: isoOf(now),
    updated_at: isoOf(now),
  });
  await webhooks.pauseDeliveries(db, endpointId, now);
}

/**
 * The deliveries as their runner works them: the oldest due delivery of an enabled endpoint that no earlier pending
 * delivery of its location holds up, claimed until its lease ends, then tried once (`attemptDelivery`).
 */
export function deliveryQueue(ctx: DeliveryContext): JobQueue<WebhookDeliveryRow, DeliveryResult> {
  return {
    claim: (lease) => webhooks.claimDueDelivery(ctx.db, lease),
    run: (claimed) => attemptDelivery(ctx, claimed),
  };
}

/** Claims the next due delivery and tries it once; `idle` when none is due (a test working the queue by hand). */
export function deliverNext(ctx: DeliveryContext): Promise<DeliveryResult | 'idle'> {
  return runNextJob(deliveryQueue(ctx), { workerId: 'deliveries', leaseMs: ctx.leaseMs, clock: ctx.clock });
}

/**
 * Tries a claimed delivery and records the try. A 2xx delivers it and starts the endpoint's count of failures in a
 * row again. Anything else schedules the next try, unless the schedule is spent (the delivery fails and the endpoint
 * is disabled) or the endpoint reached 50 failures in a row (disabled, its deliveries held).
 */
export async function attemptDelivery(ctx: DeliveryContext, claimed: WebhookDeliveryRow): Promise<DeliveryResult> {
  const [endpoint, event] = await Promise.all([
    webhooks.findEndpointById(ctx.db, claimed.endpoint_id),
    findEventById(ctx.db, claimed.event_id),
  ]);
  // Deleted meanwhile (the endpoint, or the event by retention): the delivery went with it.
  if (!endpoint || !event) return 'lost';
  const attemptedAt = ctx.clock();
  const outcome = await ctx.sender.send({
    url: endpoint.url,
    id: event.public_id,
    timestamp: new Date(attemptedAt),
    payload: webhookPayloadOf(event),
    secrets: signingSecretsOf(endpoint, attemptedAt),
  });
  // The endpoint's row is written before the delivery's, in the order every other writer of both takes them (enabling
  // an endpoint, deleting one), so that two of them never wait for each other on PostgreSQL.
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    await webhooks.insertAttempt(trx, attemptOf(claimed.id, attemptedAt, outcome));
    if (outcome.delivered) {
      await webhooks.resetFailures(trx, endpoint.id);
      return (await webhooks.settleDelivery(trx, claimed, { status: 'delivered', nextAttemptAt: null }, now))
        ? 'delivered'
        : 'lost';
    }
    const failures = await webhooks.countFailure(trx, endpoint.id);
    const delay = retryDelay(claimed.tries, ctx.retrySchedule);
    const status = delay === undefined ? 'failed' : 'pending';
    if (
      !(await webhooks.settleDelivery(
        trx,
        claimed,
        { status, nextAttemptAt: delay === undefined ? null : ctx.clock() + delay },
        now,
      ))
    )
      return 'lost';
    if (delay === undefined) {
      await disableEndpoint(
        trx,
        endpoint.id,
        `A delivery failed for ${describeSpan(ctx.retrySchedule)} (${claimed.tries} tries; the last: ${outcome.error ?? 'failed'}).`,
        now,
      );
      return 'failed';
    }
    if (failures >= FAILURES_IN_A_ROW_BEFORE_DISABLING) {
      await disableEndpoint(
        trx,
        endpoint.id,
        `${failures} tries failed in a row (the last: ${outcome.error ?? 'failed'}).`,
        now,
      );
    }
    return 'retrying';
  });
}

/** The log row of one try. */
export function attemptOf(deliveryId: number, attemptedAt: number, outcome: WebhookOutcome) {
  return {
    delivery_id: deliveryId,
    attempted_at: isoOf(attemptedAt),
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
    error: outcome.error,
    response_body: outcome.responseBody,
  };
}

/** Events deleted per statement when old ones are forgotten: short transactions, so writes never wait long. */
const PRUNE_BATCH = 1_000;

/** Deletes the events (with their deliveries) that occurred before `cutoff`, a batch at a time; returns how many. */
export async function pruneEventsBefore(db: Kysely<Database>, cutoff: number, signal?: AbortSignal): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await deleteEventsBefore(db, isoOf(cutoff), PRUNE_BATCH);
    deleted += batch;
    if (batch < PRUNE_BATCH || signal?.aborted) return deleted;
  }
}
