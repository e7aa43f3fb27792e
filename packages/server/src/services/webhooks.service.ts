import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { WebhookAttemptRow } from '../db/tables/webhook-attempts.table.ts';
import type { WebhookDeliveryStatus } from '../db/tables/webhook-deliveries.table.ts';
import type { WebhookEndpointRow } from '../db/tables/webhook-endpoints.table.ts';
import { addFieldError, ConflictError, type FieldErrors, InvalidInputError, NotFoundError } from '../domain/errors.ts';
import { type Actor, isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../domain/events.ts';
import { newPublicId } from '../domain/ids.ts';
import { checkWebhookUrl, literalAddressOf, type WebhookReach } from '../domain/webhook-urls.ts';
import { insertEvents } from '../repositories/events.repository.ts';
import * as webhooks from '../repositories/webhooks.repository.ts';
import { refusalOf, resolveAll } from '../webhooks/guarded-lookup.ts';
import type { WebhookSender } from '../webhooks/sender.ts';
import { newSigningSecret } from '../webhooks/signing.ts';
import { accessibleProject, type ProjectRef } from './project-access.ts';
import { attemptOf, signingSecretsOf, webhookPayloadOf } from './webhook-delivery.service.ts';

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
  attempts: AttemptView[];
}

/** Endpoints one project may have: enough for every system a business mirrors into, few enough to fan out cheaply. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;

/** How long a rotated-away secret still signs deliveries, so receivers can switch to the new one without a gap. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

function viewOf(row: WebhookEndpointRow): WebhookView {
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

/**
 * The event types a subscription names, checked and without repeats; `*` (every type) stands alone.
 * @example eventsOf(['location.updated', 'location.updated']) // ['location.updated']
 */
function eventsOf(events: readonly string[], errors: FieldErrors): string[] {
  if (events.length === 0) addFieldError(errors, 'events', 'must name at least one event type, or "*" for every one');
  const unknown = events.filter((type) => type !== '*' && !isWebhookEventType(type));
  if (unknown.length > 0)
    addFieldError(
      errors,
      'events',
      `has unknown event types (${unknown.join(', ')}); known: ${WEBHOOK_EVENT_TYPES.join(', ')}, or "*"`,
    );
  return events.includes('*') ? ['*'] : [...new Set(events)];
}

/**
 * Checks where a webhook may point: the rules of `checkWebhookUrl`, then (unless private networks are allowed) every
 * address the host resolves to must be public. Deliveries check again as they connect, since DNS answers change.
 */
async function checkedUrl(text: string, reach: WebhookReach, errors: FieldErrors): Promise<string> {
  const checked = checkWebhookUrl(text, reach);
  if ('error' in checked) {
    addFieldError(errors, 'url', checked.error);
    return text;
  }
  if (!reach.allowPrivateNetworks && literalAddressOf(checked.url) === undefined) {
    const hostname = checked.url.hostname;
    const addresses = await resolveAll(hostname).catch(() => undefined);
    if (!addresses || addresses.length === 0)
      addFieldError(errors, 'url', `has a host that does not resolve (${hostname})`);
    else {
      const refusal = refusalOf(hostname, addresses);
      if (refusal) addFieldError(errors, 'url', `must not point at a private network: ${refusal}`);
    }
  }
  return checked.url.toString();
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw InvalidInputError.fields(errors);
}

async function requireEndpoint(db: Executor, projectId: number, publicId: string): Promise<WebhookEndpointRow> {
  const endpoint = await webhooks.findEndpoint(db, projectId, publicId);
  if (!endpoint) throw NotFoundError.of('Webhook');
  return endpoint;
}

export async function listWebhooks(db: Kysely<Database>, ref: ProjectRef): Promise<WebhookView[]> {
  const project = await accessibleProject(db, ref);
  return (await webhooks.listEndpoints(db, project.id)).map(viewOf);
}

export async function getWebhook(db: Kysely<Database>, ref: ProjectRef, publicId: string): Promise<WebhookView> {
  const project = await accessibleProject(db, ref);
  return viewOf(await requireEndpoint(db, project.id, publicId));
}

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | null;
  enabled?: boolean;
}

/**
 * Creates an endpoint with a new signing secret, returned here only. It receives the events written from now on.
 * @example await createWebhook(db, { project, input: { url: 'https://shop.example/hooks', events: ['*'] }, reach, now })
 */
export async function createWebhook(
  db: Kysely<Database>,
  { project: ref, input, reach, now }: { project: ProjectRef; input: WebhookInput; reach: WebhookReach; now: string },
): Promise<{ webhook: WebhookView; secret: string }> {
  await accessibleProject(db, ref);
  const errors: FieldErrors = {};
  const url = await checkedUrl(input.url, reach, errors);
  const events = eventsOf(input.events, errors);
  throwIfAny(errors);
  const secret = newSigningSecret();
  const enabled = input.enabled ?? true;
  return db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    if ((await webhooks.countEndpoints(trx, project.id)) >= MAX_WEBHOOKS_PER_PROJECT) {
      throw new InvalidInputError(`A project may have at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks.`);
    }
    const row = await webhooks.insertEndpoint(trx, {
      public_id: newPublicId('webhook'),
      project_id: project.id,
      url,
      description: input.description ?? null,
      events: JSON.stringify(events),
      enabled: enabled ? 1 : 0,
      disabled_reason: enabled ? null : 'Created disabled.',
      disabled_at: enabled ? null : now,
      secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      failures_in_a_row: 0,
      created_at: now,
      updated_at: now,
    });
    return { webhook: viewOf(row), secret };
  });
}

/**
 * Changes what is sent (omitted keys keep their values). Disabling holds the pending deliveries; enabling sends them
 * again, each with a fresh schedule of retries, and starts the count of failures in a row again.
 */
export async function updateWebhook(
  db: Kysely<Database>,
  {
    project: ref,
    publicId,
    input,
    reach,
    now,
  }: { project: ProjectRef; publicId: string; input: Partial<WebhookInput>; reach: WebhookReach; now: string },
): Promise<WebhookView> {
  await accessibleProject(db, ref);
  const errors: FieldErrors = {};
  const url = input.url === undefined ? undefined : await checkedUrl(input.url, reach, errors);
  const events = input.events === undefined ? undefined : eventsOf(input.events, errors);
  throwIfAny(errors);
  return db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    const current = await requireEndpoint(trx, project.id, publicId);
    const enabling = input.enabled === true && current.enabled !== 1;
    const disabling = input.enabled === false && current.enabled === 1;
    const row = await webhooks.updateEndpoint(trx, current.id, {
      ...(url !== undefined ? { url } : {}),
      ...(events !== undefined ? { events: JSON.stringify(events) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(enabling ? { enabled: 1, disabled_reason: null, disabled_at: null, failures_in_a_row: 0 } : {}),
      ...(disabling ? { enabled: 0, disabled_reason: 'Disabled by its owner.', disabled_at: now } : {}),
      updated_at: now,
    });
    if (enabling) await webhooks.resumeDeliveries(trx, current.id, now);
    if (disabling) await webhooks.pauseDeliveries(trx, current.id, now);
    return viewOf(row);
  });
}

/** Deletes an endpoint with its deliveries and their log; nothing more is sent to it. */
export async function deleteWebhook(
  db: Kysely<Database>,
  { project: ref, publicId }: { project: ProjectRef; publicId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    const current = await requireEndpoint(trx, project.id, publicId);
    await webhooks.deleteEndpoint(trx, current.id);
  });
}

/**
 * Makes a new signing secret, returned here only. For 24 hours deliveries carry a signature with the old secret as
 * well, so a receiver switching over never rejects one.
 */
export async function rotateWebhookSecret(
  db: Kysely<Database>,
  { project: ref, publicId, now }: { project: ProjectRef; publicId: string; now: string },
): Promise<{ webhook: WebhookView; secret: string }> {
  const secret = newSigningSecret();
  return db.transaction().execute(async (trx) => {
    const project = await accessibleProject(trx, ref);
    const current = await requireEndpoint(trx, project.id, publicId);
    const row = await webhooks.updateEndpoint(trx, current.id, {
      secret,
      previous_secret: current.secret,
      previous_secret_expires_at: new Date(Date.parse(now) + PREVIOUS_SECRET_GRACE_MS).toISOString(),
      updated_at: now,
    });
    return { webhook: viewOf(row), secret };
  });
}

/**
 * Sends a `ping` to the endpoint now, enabled or not, and answers the delivery with its one try: a test is not
 * retried and does not count towards disabling. The ping is logged with the endpoint's deliveries but is no change,
 * so the change feed does not list it.
 */
export async function pingWebhook(
  db: Kysely<Database>,
  {
    project: ref,
    publicId,
    actor,
    sender,
    clock,
  }: { project: ProjectRef; publicId: string; actor: Actor; sender: WebhookSender; clock: () => number },
): Promise<DeliveryView> {
  const project = await accessibleProject(db, ref);
  const endpoint = await requireEndpoint(db, project.id, publicId);
  const occurredAt = new Date(clock()).toISOString();
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
  const attemptedAt = new Date(clock());
  const outcome = await sender.send({
    url: endpoint.url,
    id: event.public_id,
    timestamp: attemptedAt,
    payload: webhookPayloadOf(event),
    secrets: signingSecretsOf(endpoint, attemptedAt.toISOString()),
  });
  const deliveryId = await db.transaction().execute(async (trx) => {
    const now = new Date(clock()).toISOString();
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
    await webhooks.insertDeliveries(trx, [delivery]);
    const saved = await webhooks.findDelivery(trx, endpoint.id, delivery.public_id);
    if (!saved) throw new Error('The ping delivery was not inserted');
    await webhooks.insertAttempt(trx, attemptOf(saved.id, attemptedAt.toISOString(), outcome));
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

function deliveryViewOf(row: webhooks.DeliveryListing, attempts: readonly WebhookAttemptRow[]): DeliveryView {
  return {
    id: row.public_id,
    event_id: row.event_public_id,
    event_type: row.event_type,
    status: row.status,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    attempts: attempts.filter((attempt) => attempt.delivery_id === row.id).map(attemptViewOf),
  };
}

/** A page of an endpoint's deliveries, newest first, each with its tries, and how many the list has. */
export async function listWebhookDeliveries(
  db: Kysely<Database>,
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
  db: Kysely<Database>,
  {
    project: ref,
    webhookId,
    deliveryId,
    now,
  }: { project: ProjectRef; webhookId: string; deliveryId: string; now: string },
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
    await webhooks.requeueDelivery(trx, delivery.id, now, now);
    return requireDelivery(trx, endpoint.id, deliveryId);
  });
}
