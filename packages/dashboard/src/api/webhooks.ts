import type {
  CreatedWebhook,
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookPatch,
} from '@locator/client';
import { api } from './client.ts';

export type { CreatedWebhook, Webhook, WebhookCreate, WebhookDelivery, WebhookDeliveryPage, WebhookPatch };

/** The event types an endpoint may name (the API's list; `*` is every one, also those added later). */
export const WEBHOOK_EVENTS = [
  'location.created',
  'location.updated',
  'location.deleted',
  'geocoding.failed',
  'import.completed',
] as const;

export const listWebhooks = (projectId: string): Promise<Webhook[]> => api.webhooks.list(projectId);

/** The answer carries the signing secret, shown only here. */
export const createWebhook = (projectId: string, body: WebhookCreate): Promise<CreatedWebhook> =>
  api.webhooks.create(projectId, body);

export const updateWebhook = (projectId: string, webhookId: string, body: WebhookPatch): Promise<Webhook> =>
  api.webhooks.update(projectId, webhookId, body);

export const deleteWebhook = (projectId: string, webhookId: string): Promise<void> =>
  api.webhooks.delete(projectId, webhookId);

/** A new signing secret, shown only in this answer. */
export const rotateWebhookSecret = (projectId: string, webhookId: string): Promise<CreatedWebhook> =>
  api.webhooks.rotateSecret(projectId, webhookId);

/** Sends a `ping` now; the answer is its delivery with the one try. */
export const testWebhook = (projectId: string, webhookId: string): Promise<WebhookDelivery> =>
  api.webhooks.test(projectId, webhookId);

/** A page of the endpoint's delivery log, newest first. */
export const listDeliveries = (projectId: string, webhookId: string, page: number): Promise<WebhookDeliveryPage> =>
  api.webhooks.deliveries(projectId, webhookId, { page, limit: 25 });

export const retryDelivery = (projectId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> =>
  api.webhooks.retryDelivery(projectId, webhookId, deliveryId);
