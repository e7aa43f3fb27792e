import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * A new signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in base64, which receivers'
 * libraries (`standardwebhooks`, Svix's) take as they are.
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The Standard Webhooks headers of a delivery. */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs a delivery as the Standard Webhooks specification says (HMAC-SHA256 of `id.timestamp.payload`), with each of
 * `secrets`: several signatures, space-separated, while a rotated-away secret is still honoured, so a receiver that
 * knows either secret accepts the delivery.
 * @example signedHeaders(['whsec_…'], 'evt_…', new Date(0), '{"type":"ping"}')['webhook-signature'] // 'v1,K5oZ…'
 */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: Date, payload: string): SignedHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, timestamp, payload)).join(' '),
  };
}
