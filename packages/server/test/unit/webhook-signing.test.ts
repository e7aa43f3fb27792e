import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signedHeaders } from '../../src/features/webhooks/signing.ts';

// The example of the Standard Webhooks specification (and of its reference libraries' tests).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MESSAGE_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = new Date(1614265330 * 1000);
const PAYLOAD = '{"test": 2432232314}';

describe('Standard Webhooks signatures', () => {
  it("matches the specification's example", () => {
    expect(signedHeaders([SECRET], MESSAGE_ID, TIMESTAMP, PAYLOAD)).toEqual({
      'webhook-id': MESSAGE_ID,
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('is HMAC-SHA256 of id.timestamp.payload with the decoded secret, one signature per secret', () => {
    const secret = newSigningSecret();
    const other = newSigningSecret();
    const hmac = (key: string) =>
      createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64'))
        .update(`evt_1.1614265330.${PAYLOAD}`)
        .digest('base64');
    expect(signedHeaders([secret, other], 'evt_1', TIMESTAMP, PAYLOAD)['webhook-signature']).toBe(
      `v1,${hmac(secret)} v1,${hmac(other)}`,
    );
  });

  it('makes secrets of 32 random bytes in the whsec_ format', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });
});
