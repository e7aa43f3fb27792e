import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V2Client, type RetryEvent } from '../src/index.ts';
import { countLocations, locationBody, seededAccount, startTestServer, type TestServer } from './support/locator.ts';
import { drop, startScriptedServer, type ReceivedRequest, type ScriptedServer } from './support/scripted-server.ts';

let server: TestServer;
let proxy: ScriptedServer;
/** What the real server answered each request the proxy passed on. */
const upstream: { status: number; replayed: string | null; body: string }[] = [];

/** Passes a request to the real server and returns its answer, read to the end. */
async function forward(request: ReceivedRequest): Promise<{ status: number; headers: Headers; body: string }> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers.set(name, value);
  }
  const response = await fetch(`${server.url}${request.url.pathname}${request.url.search}`, {
    method: request.method,
    headers,
    ...(request.body ? { body: request.body } : {}),
  });
  const body = await response.text();
  upstream.push({ status: response.status, replayed: response.headers.get('idempotent-replayed'), body });
  return { status: response.status, headers: response.headers, body };
}

beforeAll(async () => {
  server = await startTestServer();
  // In front of the real server: the first POST reaches it and is carried out, then the connection to the client
  // drops before the answer arrives, as when a network fails at the worst moment.
  proxy = await startScriptedServer(async (request, response, index) => {
    const answer = await forward(request);
    if (request.method === 'POST' && index === 0) {
      drop(response);
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(answer.body);
  });
});
afterAll(async () => {
  await proxy.close();
  await server.stop();
});

describe('a create whose answer is lost', () => {
  it('is retried with the same Idempotency-Key and does not create the location twice', async () => {
    const account = await seededAccount(server);
    const retries: RetryEvent[] = [];
    const client = new V2Client({ baseUrl: proxy.url, token: account.token.token, retry: { baseDelayMs: 1 }, onRetry: (event) => retries.push(event) });

    const location = await client.createLocation(account.project.public_id, locationBody({ name: 'Lost Answer' }));

    expect(retries).toEqual([expect.objectContaining({ method: 'POST', reason: 'network-error', attempt: 1 })]);
    const keys = proxy.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(upstream.map(({ status, replayed }) => [status, replayed])).toEqual([
      [201, null],
      [201, 'true'],
    ]);
    const firstAnswer = JSON.parse(upstream[0]?.body ?? '{}') as { data: { id: string } };
    expect(location.id).toBe(firstAnswer.data.id);
    expect(await countLocations(server, account.project.id)).toBe(1);
  });
});
