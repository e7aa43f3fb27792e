import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** A request as the fake provider received it. */
export interface ReceivedRequest {
  url: URL;
  headers: IncomingHttpHeaders;
  /** `performance.now()` on arrival, for spacing checks. */
  receivedAt: number;
}

/** What the fake answers to one request: a JSON body with a status, or no answer at all. */
export type FakeReply = { status?: number; body: unknown } | 'hang';

export interface FakeProvider {
  /** Base URL, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request since the current test began. */
  readonly requests: ReceivedRequest[];
  /** The first request since the current test began; throws when there was none. */
  firstRequest(): ReceivedRequest;
  /** Answers the coming requests in turn; the last reply repeats once the list runs out. */
  reply(...replies: FakeReply[]): void;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a geocoding provider for the tests of one file: it answers with
 * the bodies it is given, in the provider's documented format, and records every request so tests can count and
 * inspect them. The record is emptied before each test.
 */
export function useFakeProvider(): FakeProvider {
  const requests: ReceivedRequest[] = [];
  let replies: FakeReply[] = [{ status: 500, body: { error: 'no reply configured' } }];
  let url: string | undefined;
  const server = createServer((request, response) => {
    requests.push({
      url: new URL(request.url ?? '/', 'http://127.0.0.1'),
      headers: request.headers,
      receivedAt: performance.now(),
    });
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    if (!reply || reply === 'hang') return;
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    requests.length = 0;
  });
  return {
    get url() {
      if (!url) throw new Error('The fake provider listens from beforeAll on');
      return url;
    },
    requests,
    firstRequest() {
      const [first] = requests;
      if (!first) throw new Error('The fake provider has received no request in this test');
      return first;
    },
    reply(...next) {
      replies = next;
    },
  };
}
