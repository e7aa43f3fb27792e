import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { InsertableWebhookAttemptRow, WebhookAttemptRow } from '../../db/tables/webhook-attempts.table.ts';
import type { WebhookDeliveryRow, WebhookDeliveryStatus } from '../../db/tables/webhook-deliveries.table.ts';
import type {
  InsertableWebhookEndpointRow,
  UpdateableWebhookEndpointRow,
  WebhookEndpointRow,
} from '../../db/tables/webhook-endpoints.table.ts';
import { isoOf } from '../../domain/time.ts';
import { claimable } from '../../jobs/claim.ts';
import type { Lease } from '../../jobs/lease.ts';

// ---------- Endpoints ----------

export async function insertEndpoint(db: Executor, row: InsertableWebhookEndpointRow): Promise<WebhookEndpointRow> {
  return db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listEndpoints(db: Executor, projectId: number): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

export async function countEndpoints(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An endpoint of the project by public ID; one of another project is not found. */
export async function findEndpoint(
  db: Executor,
  projectId: number,
  publicId: string,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findEndpointById(db: Executor, id: number): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateEndpoint(
  db: Executor,
  id: number,
  changes: UpdateableWebhookEndpointRow,
): Promise<WebhookEndpointRow> {
  return db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteEndpoint(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** A success: the endpoint's count of failures in a row starts again. */
export async function resetFailures(db: Executor, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failures_in_a_row: 0 })
    .where('id', '=', endpointId)
    .where('failures_in_a_row', '<>', 0)
    .execute();
}

/** A failed try: counts it and returns the endpoint's failures in a row. */
export async function countFailure(db: Executor, endpointId: number): Promise<number> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failures_in_a_row: eb('failures_in_a_row', '+', 1) }))
    .where('id', '=', endpointId)
    .returning('failures_in_a_row')
    .executeTakeFirst();
  return row?.failures_in_a_row ?? 0;
}

// ---------- Deliveries ----------

/**
 * Claims the oldest due delivery of an enabled endpoint that no earlier pending delivery of the same endpoint and
 * ordering key (its location) holds up, and returns it with its try counted. The claim moves `next_attempt_at` to
 * `leaseUntil`: the delivery stays pending, so the later ones of its location keep waiting while it is sent, and
 * should the worker die, another takes it again once the lease ends. One UPDATE re-checks the delivery, so two
 * workers never both win it; on PostgreSQL the candidate is picked `FOR UPDATE SKIP LOCKED`, so concurrent workers
 * take different deliveries at once.
 */
export async function claimDueDelivery(db: Executor, lease: Lease): Promise<WebhookDeliveryRow | undefined> {
  const now = isoOf(lease.now);
  const candidates = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('e.enabled', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as earlier')
            .select(sql.lit(1).as('one'))
            .whereRef('earlier.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('earlier.ordering_key', '=', 'd.ordering_key')
            .where('earlier.status', '=', 'pending')
            .whereRef('earlier.id', '<', 'd.id'),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(1);
  return db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ tries: eb('tries', '+', 1), next_attempt_at: isoOf(lease.until), updated_at: now }))
    .where('id', '=', claimable(db, candidates, ['d']))
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Settles a claimed delivery after its try: delivered, failed (given up), or pending until `nextAttemptAt` (null:
 * paused, its endpoint disabled). False when the claim was lost (the lease ran out and another worker took it), in
 * which case that worker's try decides.
 */
export async function settleDelivery(
  db: Executor,
  claimed: Pick<WebhookDeliveryRow, 'id' | 'tries'>,
  outcome: { status: WebhookDeliveryStatus; nextAttemptAt: number | null },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      next_attempt_at:
        outcome.status === 'pending' && outcome.nextAttemptAt !== null ? isoOf(outcome.nextAttemptAt) : null,
      ...(outcome.status === 'delivered' ? { delivered_at: isoOf(now) } : {}),
      updated_at: isoOf(now),
    })
    .where('id', '=', claimed.id)
    .where('status', '=', 'pending')
    .where('tries', '=', claimed.tries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAttempt(db: Executor, attempt: InsertableWebhookAttemptRow): Promise<void> {
  await db.insertInto('webhook_attempts').values(attempt).execute();
}

/** Holds an endpoint's pending deliveries while it is disabled. */
export async function pauseDeliveries(db: Executor, endpointId: number, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: null, updated_at: isoOf(now) })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Sends an endpoint's held deliveries again, each with a fresh schedule of retries. */
export async function resumeDeliveries(db: Executor, endpointId: number, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: isoOf(now), tries: 0, updated_at: isoOf(now) })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Queues a delivery again from now, whatever its state, with a fresh schedule of retries. */
export async function requeueDelivery(db: Executor, id: number, now: number): Promise<WebhookDeliveryRow> {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', tries: 0, next_attempt_at: isoOf(now), delivered_at: null, updated_at: isoOf(now) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A delivery with the event it carries, as the log lists it. */
export interface DeliveryListing extends WebhookDeliveryRow {
  event_public_id: string;
  event_type: string;
  /** What the delivery's body is made of (`webhookPayloadOf`). */
  event_occurred_at: string;
  event_actor_type: string;
  event_actor_id: string;
  event_body: string;
}

const listingColumns = [
  'd.id',
  'd.public_id',
  'd.endpoint_id',
  'd.event_id',
  'd.ordering_key',
  'd.status',
  'd.tries',
  'd.next_attempt_at',
  'd.delivered_at',
  'd.created_at',
  'd.updated_at',
] as const;

const eventColumns = [
  ...listingColumns,
  'ev.public_id as event_public_id',
  'ev.type as event_type',
  'ev.occurred_at as event_occurred_at',
  'ev.actor_type as event_actor_type',
  'ev.actor_id as event_actor_id',
  'ev.body as event_body',
] as const;

/** A page of an endpoint's deliveries, newest first, optionally of one status. */
export async function listDeliveries(
  db: Executor,
  endpointId: number,
  { status, offset, limit }: { status?: WebhookDeliveryStatus; offset: number; limit: number },
): Promise<DeliveryListing[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as ev', 'ev.id', 'd.event_id')
    .select(eventColumns)
    .where('d.endpoint_id', '=', endpointId);
  if (status) query = query.where('d.status', '=', status);
  return query.orderBy('d.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countDeliveries(
  db: Executor,
  endpointId: number,
  status?: WebhookDeliveryStatus,
): Promise<number> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('endpoint_id', '=', endpointId);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export async function findDelivery(
  db: Executor,
  endpointId: number,
  publicId: string,
): Promise<DeliveryListing | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as ev', 'ev.id', 'd.event_id')
    .select(eventColumns)
    .where('d.endpoint_id', '=', endpointId)
    .where('d.public_id', '=', publicId)
    .executeTakeFirst();
}

/** The tries of the deliveries, oldest first. */
export async function attemptsOf(db: Executor, deliveryIds: readonly number[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('id')
    .execute();
}
