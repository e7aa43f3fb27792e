import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { WebhookDeliveryStatus } from '../../db/tables/webhook-deliveries.table.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/events.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { insertDeliveries, insertEvents } from '../../events/outbox.repository.ts';
import { accessibleProject } from '../accounts/index.ts';
import type { WebhookSender } from './sender.ts';
import { attemptOf, signingSecretsOf, webhookPayloadOf } from './webhook-delivery.service.ts';
import { type DeliveryView, deliveryViewOf } from './webhook-views.ts';
import * as webhooks from './webhooks.repository.ts';
import { requireEndpoint } from './webhooks.service.ts';

/** What an endpoint's log of deliveries is kept with, and what sends a test ping. */
export interface WebhookLogDeps {
  db: Kysely<Database>;
  clock: Clock;
  sender: WebhookSender;
}

/**
 * Sends a `ping` to the endpoint now, enabled or not, and answers the delivery with its one try: a test is not
 * retried and does not count towards disabling. The ping is logged with the endpoint's deliveries but is no change,
 * so the change feed does not list it.
 */
export async function pingWebhook(
  { db, sender, clock }: WebhookLogDeps,
  { project: ref, publicId, actor }: { project: ProjectRef; publicId: string; actor: Actor },
): Promise<DeliveryView> {
  const project = await accessibleProject(db, ref);
  const endpoint = await requireEndpoint(db, project.id, publicId);
  const occurredAt = isoOf(clock());
  const event = {
    public_id: newPublicId('event'),
    project_id: project.id,
    type: 'ping',
    location_id: null,
    location_public_id: null,
    actor_type: actor.type,
    actor_id: actor.id,
    body: JSON.stringify({ webhook_id: endpoint.public_id, message: 'A test of this webhook, sent on request.' }),
    occurred_at: occurredAt,
  };
  const attemptedAt = clock();
  const outcome = await sender.send({
    url: endpoint.url,
    id: event.public_id,
    timestamp: new Date(attemptedAt),
    payload: webhookPayloadOf(event),
    secrets: signingSecretsOf(endpoint, attemptedAt),
  });
  const deliveryId = await db.transaction().execute(async (trx) => {
    const now = isoOf(clock());
    // A ping takes no change lock: it is no change, and the feed, whose order the lock keeps, leaves it out.
    const [inserted] = await insertEvents(trx, project.data_version, [event]);
    if (!inserted) throw new Error('The ping event was not inserted');
    const delivery = {
      public_id: newPublicId('delivery'),
      endpoint_id: endpoint.id,
      event_id: inserted.id,
      ordering_key: `ping:${event.public_id}`,
      status: outcome.delivered ? ('delivered' as const) : ('failed' as const),
      tries: 1,
      next_attempt_at: null,
      delivered_at: outcome.delivered ? now : null,
      created_at: occurredAt,
      updated_at: now,
    };
    await insertDeliveries(trx, [delivery]);
    const saved = await webhooks.findDelivery(trx, endpoint.id, delivery.public_id);
    if (!saved) throw new Error('The ping delivery was not inserted');
    await webhooks.insertAttempt(trx, attemptOf(saved.id, attemptedAt, outcome));
    return delivery.public_id;
  });
  return requireDelivery(db, endpoint.id, deliveryId);
}

async function requireDelivery(db: Executor, endpointId: number, publicId: string): Promise<DeliveryView> {
  const row = await webhooks.findDelivery(db, endpointId, publicId);
  if (!row) throw NotFoundError.of('Delivery');
  const attempts = await webhooks.attemptsOf(db, [row.id]);
  return deliveryViewOf(row, attempts);
}

/** A page of an endpoint's deliveries, newest first, each with its tries, and how many the list has. */
export async function listWebhookDeliveries(
  { db }: Pick<WebhookLogDeps, 'db'>,
  {
    project: ref,
    publicId,
    status,
    page,
    limit,
  }: { project: ProjectRef; publicId: string; status?: WebhookDeliveryStatus; page: number; limit: number },
): Promise<{ deliveries: DeliveryView[]; total: number }> {
  const project = await accessibleProject(db, ref);
  const endpoint = await requireEndpoint(db, project.id, publicId);
  const [rows, total] = await Promise.all([
    webhooks.listDeliveries(db, endpoint.id, { ...(status ? { status } : {}), offset: (page - 1) * limit, limit }),
    webhooks.countDeliveries(db, endpoint.id, status),
  ]);
  const attempts = await webhooks.attemptsOf(
    db,
    rows.map((row) => row.id),
  );
  return { deliveries: rows.map((row) => deliveryViewOf(row, attempts)), total };
}

/**
 * Sends a delivery again, whatever became of it, with a fresh schedule of retries; later deliveries of its location
 * wait for it, so they still arrive after it. A test ping is not sent again (send a new one).
 */
export async function retryWebhookDelivery(
  { db, clock }: Pick<WebhookLogDeps, 'db' | 'clock'>,
  { project: ref, webhookId, deliveryId }: { project: ProjectRef; webhookId: string; deliveryId: string },
): Promise<DeliveryView> {
  return db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    const endpoint = await requireEndpoint(trx, project.id, webhookId);
    const delivery = await webhooks.findDelivery(trx, endpoint.id, deliveryId);
    if (!delivery) throw NotFoundError.of('Delivery');
    if (delivery.event_type === 'ping')
      throw new ConflictError('A test ping is not sent again: send a new one with POST .../test.');
    if (endpoint.enabled !== 1)
      throw new ConflictError(
        'The webhook is disabled: enable it first (PATCH {"enabled": true}), which also sends its held deliveries.',
      );
    await webhooks.requeueDelivery(trx, delivery.id, clock());
    return requireDelivery(trx, endpoint.id, deliveryId);
  });
}
