import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A delivery as the receiver got it: its headers, its raw body and the body parsed. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, any> };
  /** The `webhook-id` header: the event's ID. */
  id: string;
}

/** What the receiver answers one delivery: a status with a text body, a redirect, or nothing at all (it hangs). */
export type ReceiverReply =
  | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
  | 'hang';

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hooks`. */
  readonly url: string;
  /** Every delivery received, in arrival order. */
  readonly received: ReceivedWebhook[];
  /** Answers the coming deliveries in turn; the last reply repeats once the list runs out (default 200). */
  reply(...replies: ReceiverReply[]): void;
  /**
   * Whether a delivery's signature holds for `secret`, checked by the `standardwebhooks` package as a receiver would.
   */
  verify(delivery: ReceivedWebhook, secret: string): boolean;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 receiving webhooks as a customer's system would: it records each delivery and
 * answers what it is told to. Verification uses the Standard Webhooks reference package, independent of how the
 * service signs.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let replies: ReceiverReply[] = [{ status: 200, body: 'ok' }];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        headers: request.headers,
        body,
        payload: JSON.parse(body),
        id: String(request.headers['webhook-id']),
      });
      const reply = replies.length > 1 ? replies.shift() : replies[0];
      if (!reply || reply === 'hang') return;
      setTimeout(() => {
        response.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        response.end(reply.body ?? '');
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    reply(...next) {
      replies = next;
    },
    verify(delivery, secret) {
      const timestamp = String(delivery.headers['webhook-timestamp']);
      // The package also refuses a timestamp five minutes away from its clock; tests move the server's clock, so the
      // check runs at the moment the delivery says it was sent.
      const realNow = Date.now;
      Date.now = () => Number(timestamp) * 1000;
      try {
        new Webhook(secret).verify(delivery.body, {
          'webhook-id': String(delivery.headers['webhook-id']),
          'webhook-timestamp': timestamp,
          'webhook-signature': String(delivery.headers['webhook-signature']),
        });
        return true;
      } catch {
        return false;
      } finally {
        Date.now = realNow;
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
