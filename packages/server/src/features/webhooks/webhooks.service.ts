import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { WebhookEndpointRow } from '../../db/tables/webhook-endpoints.table.ts';
import { addFieldError, type FieldErrors, InvalidInputError, NotFoundError } from '../../domain/errors.ts';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../../domain/events.ts';
import { newPublicId } from '../../domain/ids.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { checkWebhookUrl, literalAddressOf, type WebhookReach } from '../../domain/webhook-urls.ts';
import { accessibleProject } from '../accounts/index.ts';
import { refusalOf, resolveAll } from './guarded-lookup.ts';
import { newSigningSecret } from './signing.ts';
import { viewOf, type WebhookView } from './webhook-views.ts';
import * as webhooks from './webhooks.repository.ts';

/** Endpoints one project may have: enough for every system a business mirrors into, few enough to fan out cheaply. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;

/** How long a rotated-away secret still signs deliveries, so receivers can switch to the new one without a gap. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

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

export async function requireEndpoint(db: Executor, projectId: number, publicId: string): Promise<WebhookEndpointRow> {
  const endpoint = await webhooks.findEndpoint(db, projectId, publicId);
  if (!endpoint) throw NotFoundError.of('Webhook');
  return endpoint;
}

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | null;
  enabled?: boolean;
}

/** What webhook endpoints are kept with, and what they may reach (`WEBHOOK_ALLOW_PRIVATE_NETWORKS`). */
export interface WebhookEndpointsDeps {
  db: Kysely<Database>;
  clock: Clock;
  reach: WebhookReach;
}

/** The webhook endpoints of the caller's projects: where a project's events are sent, and how they are signed. */
export function createWebhookEndpoints({ db, clock, reach }: WebhookEndpointsDeps) {
  return {
    async list(ref: ProjectRef): Promise<WebhookView[]> {
      const project = await accessibleProject(db, ref);
      return (await webhooks.listEndpoints(db, project.id)).map(viewOf);
    },

    async get(ref: ProjectRef, publicId: string): Promise<WebhookView> {
      const project = await accessibleProject(db, ref);
      return viewOf(await requireEndpoint(db, project.id, publicId));
    },

    /**
     * Creates an endpoint with a new signing secret, returned here only. It receives the events written from now on.
     * @example await createWebhook(db, { project, input: { url: 'https://shop.example/hooks', events: ['*'] }, reach, now })
     */
    async create({
      project: ref,
      input,
    }: {
      project: ProjectRef;
      input: WebhookInput;
    }): Promise<{ webhook: WebhookView; secret: string }> {
      const now = isoOf(clock());
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
    },

    /**
     * Changes what is sent (omitted keys keep their values). Disabling holds the pending deliveries; enabling sends
     * them again, each with a fresh schedule of retries, and starts the count of failures in a row again.
     */
    async update({
      project: ref,
      publicId,
      input,
    }: {
      project: ProjectRef;
      publicId: string;
      input: Partial<WebhookInput>;
    }): Promise<WebhookView> {
      const now = clock();
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
          ...(disabling ? { enabled: 0, disabled_reason: 'Disabled by its owner.', disabled_at: isoOf(now) } : {}),
          updated_at: isoOf(now),
        });
        if (enabling) await webhooks.resumeDeliveries(trx, current.id, now);
        if (disabling) await webhooks.pauseDeliveries(trx, current.id, now);
        return viewOf(row);
      });
    },

    /** Deletes an endpoint with its deliveries and their log; nothing more is sent to it. */
    async delete({ project: ref, publicId }: { project: ProjectRef; publicId: string }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        const current = await requireEndpoint(trx, project.id, publicId);
        await webhooks.deleteEndpoint(trx, current.id);
      });
    },

    /**
     * Makes a new signing secret, returned here only. For 24 hours deliveries carry a signature with the old secret as
     * well, so a receiver switching over never rejects one.
     */
    async rotateSecret({
      project: ref,
      publicId,
    }: {
      project: ProjectRef;
      publicId: string;
    }): Promise<{ webhook: WebhookView; secret: string }> {
      const now = clock();
      const secret = newSigningSecret();
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        const current = await requireEndpoint(trx, project.id, publicId);
        const row = await webhooks.updateEndpoint(trx, current.id, {
          secret,
          previous_secret: current.secret,
          previous_secret_expires_at: isoOf(now + PREVIOUS_SECRET_GRACE_MS),
          updated_at: isoOf(now),
        });
        return { webhook: viewOf(row), secret };
      });
    },
  };
}
