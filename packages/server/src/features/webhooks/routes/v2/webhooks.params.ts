import { Type } from 'typebox';
import type { AuthRequirement } from '../../../../http/auth.ts';
import { ProjectParams } from '../../../../schemas/common.ts';

export const WEBHOOKS_TAG = 'V2 webhooks';

/** Managing webhooks is managing the project: their secrets and where its data goes. */
export const WEBHOOKS_AUTH: AuthRequirement = { api: 'v2', scope: 'project:manage' };

export const WebhookParams = Type.Object({
  ...ProjectParams.properties,
  webhook_id: Type.String({
    description: 'ID of the webhook (`whk_…`), as listed',
    examples: ['whk_4f9XkQ2mZr8TbW1c'],
  }),
});

export const DeliveryParams = Type.Object({
  ...WebhookParams.properties,
  delivery_id: Type.String({
    description: 'ID of the delivery (`dlv_…`), as its log lists it',
    examples: ['dlv_8Hq2LmZ0aB3xYc7D'],
  }),
});
