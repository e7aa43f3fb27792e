// The change feed of a project's events and its webhooks: endpoints, their deliveries and the worker sending them.
export { createWebhooks, type Webhooks } from './create-webhooks.ts';
export { registerV2EventsList } from './routes/v2/events.list.ts';
export { registerV2WebhookDeliveriesList } from './routes/v2/webhook-deliveries.list.ts';
export { registerV2WebhookDeliveriesRetry } from './routes/v2/webhook-deliveries.retry.ts';
export { registerV2WebhooksDelete } from './routes/v2/webhooks.delete.ts';
export { registerV2WebhooksGet } from './routes/v2/webhooks.get.ts';
export { registerV2WebhooksList } from './routes/v2/webhooks.list.ts';
export { registerV2WebhooksPatch } from './routes/v2/webhooks.patch.ts';
export { registerV2WebhooksPing } from './routes/v2/webhooks.ping.ts';
export { registerV2WebhooksPost } from './routes/v2/webhooks.post.ts';
export { registerV2WebhooksRotateSecret } from './routes/v2/webhooks.rotate-secret.ts';
