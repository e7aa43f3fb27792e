import { type Static, Type } from 'typebox';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/events.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../domain/webhook-urls.ts';
import { Timestamp } from '../../../schemas/common.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const Url = Type.String({
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  description:
    'Where deliveries are POSTed: an `https` URL whose host resolves to public addresses only (loopback, private, link-local and metadata addresses are refused, here and at each delivery, as are IPv6 forms that carry such an IPv4 address, such as `[::127.0.0.1]`, `[::ffff:10.0.0.1]`, NAT64 and 6to4, and Teredo addresses), unless the deployment sets `WEBHOOK_ALLOW_PRIVATE_NETWORKS=true`, which also allows `http`.',
  examples: ['https://shop.example/webhooks/locator'],
});

const Events = Type.Array(Type.String({ maxLength: 64 }), {
  minItems: 1,
  maxItems: 20,
  description: `Event types to receive: ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}, or \`["*"]\` for every one (also types added later).`,
  examples: [['location.created', 'location.updated', 'location.deleted'], ['*']],
});

const Description = Type.String({
  maxLength: 500,
  description: 'A note of your own: what receives these deliveries',
  examples: ['Shop system (production)'],
});

export const WebhookBody = Type.Object({
  id: Type.String({ examples: ['whk_4f9XkQ2mZr8TbW1c'] }),
  url: Url,
  events: Events,
  enabled: Type.Boolean({
    description:
      'False once disabled by you or after failing deliveries; its pending deliveries wait until it is enabled again',
  }),
  description: nullable(Description, 'A note of your own, or null'),
  disabled_reason: nullable(
    Type.String(),
    'Why it is disabled, e.g. `50 tries failed in a row (the last: HTTP 500).`; null while enabled',
  ),
  disabled_at: nullable(Timestamp, 'When it was disabled; null while enabled'),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WebhookBody = Static<typeof WebhookBody>;

export const WebhookWithSecretBody = Type.Object({
  ...WebhookBody.properties,
  secret: Type.String({
    description:
      'The signing secret (`whsec_…`), shown only in this answer: keep it to verify the `webhook-signature` header with any Standard Webhooks library. `POST .../rotate-secret` makes a new one.',
    examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  }),
});

export const WebhookCreateBody = Type.Object(
  {
    url: Url,
    events: Events,
    description: Type.Optional(nullable(Description, 'A note of your own')),
    enabled: Type.Optional(Type.Boolean({ default: true, description: 'Create it disabled with `false`' })),
  },
  { additionalProperties: false, description: 'A new webhook endpoint' },
);
export type WebhookCreateBody = Static<typeof WebhookCreateBody>;

export const WebhookPatchBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(nullable(Description, 'A note of your own; null clears it')),
    enabled: Type.Optional(
      Type.Boolean({
        description:
          '`false` holds its deliveries; `true` sends the held ones, each with a fresh day of retries, and clears `disabled_reason`.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Changes to a webhook endpoint; omitted keys keep their values' },
);
export type WebhookPatchBody = Static<typeof WebhookPatchBody>;

export const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
  description:
    '`pending` (waiting for its next try, or for its endpoint to be enabled), `delivered` (a 2xx answer), `failed` (given up after its retries)',
});

export const AttemptBody = Type.Object({
  attempted_at: Timestamp,
  status_code: nullable(Type.Integer(), "The receiver's HTTP status; null when no answer came"),
  duration_ms: Type.Integer({ description: 'From sending to the answer (at most the 10 s timeout)' }),
  error: nullable(
    Type.String(),
    'Why the try failed (`HTTP 500`, `no answer within 10000 ms`, `refused: … resolves to a private address`), null when delivered',
  ),
  response_body: nullable(Type.String(), "The start of the receiver's answer, at most 1 KB"),
});

export const DeliveryBody = Type.Object({
  id: Type.String({ examples: ['dlv_8Hq2LmZ0aB3xYc7D'] }),
  event_id: Type.String({
    description: 'The event delivered: its `webhook-id` header and its `id` in the change feed',
    examples: ['evt_3xQ9aB2cD4eF6gH8'],
  }),
  event_type: Type.String({ examples: ['location.updated'] }),
  status: DeliveryStatus,
  next_attempt_at: nullable(
    Timestamp,
    'When the next try is due; null once delivered or failed, and while the endpoint is disabled',
  ),
  delivered_at: nullable(Timestamp, 'When a try succeeded'),
  created_at: Timestamp,
  request_body: Type.String({
    description:
      'The JSON body every try POSTs (`{"type", "timestamp", "data"}`), as the receiver gets it; the `webhook-*` headers are made at each try',
    examples: ['{"type":"ping","timestamp":"2026-11-26T10:00:00.000Z","data":{"webhook_id":"whk_4f9XkQ2mZr8TbW1c"}}'],
  }),
  attempts: Type.Array(AttemptBody, { description: 'Every try, oldest first' }),
});

export const DeliveryListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000, default: 1 })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Page size, 1 to 100 (default 25)' }),
    ),
    status: Type.Optional(DeliveryStatus),
  },
  { additionalProperties: false },
);
