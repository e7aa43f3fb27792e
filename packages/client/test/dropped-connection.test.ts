import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RetryEvent, V1Client, V2Client } from '../src/index.ts';
import { countLocations, locationBody, seededAccount, startTestServer, type TestServer } from './support/locator.ts';
import { drop, type ReceivedRequest, type ScriptedServer, startScriptedServer } from './support/scripted-server.ts';

type Account = Awaited<ReturnType<typeof seededAccount>>;

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
  // In front of the real server: the first attempt of each create reaches it and is carried out, then the
  // connection to the client drops before the answer arrives, as when a network fails at the worst moment.
  const keysSeen = new Set<string>();
  proxy = await startScriptedServer(async (request, response) => {
    const answer = await forward(request);
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string' && !keysSeen.has(key)) {
      keysSeen.add(key);
      drop(response);
      return;
    }
    response
      .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      .end(answer.body);
  });
});
afterAll(async () => {
  await proxy.close();
  await server.stop();
});

describe('a create whose answer is lost', () => {
  const creates = [
    {
      version: 'V2',
      create: (baseUrl: string, account: Account, onRetry: (event: RetryEvent) => void) =>
        new V2Client({ baseUrl, token: account.token.token, retry: { baseDelayMs: 1 }, onRetry }).createLocation(
          account.project.public_id,
          locationBody({ name: 'Lost Answer' }),
        ),
      idOf: (answer: string) => (JSON.parse(answer) as { data: { id: string } }).data.id,
      count: (account: Account) => countLocations(server, account.project.id),
    },
    {
      version: 'V1',
      create: (baseUrl: string, account: Account, onRetry: (event: RetryEvent) => void) =>
        new V1Client({ baseUrl, token: account.legacyToken.token, retry: { baseDelayMs: 1 }, onRetry }).createLocation({
          name: 'Lost Answer',
          city: 'Austin',
        }),
      idOf: (answer: string) => (JSON.parse(answer) as { id: string }).id,
      count: (account: Account) => countLocations(server, account.project.id),
    },
    {
      version: 'V2 configuration',
      create: (baseUrl: string, account: Account, onRetry: (event: RetryEvent) => void) =>
        new V2Client({ baseUrl, token: account.token.token, retry: { baseDelayMs: 1 }, onRetry }).markers.create(
          account.project.public_id,
          { name: 'Flagship' },
        ),
      idOf: (answer: string) => (JSON.parse(answer) as { data: { id: string } }).data.id,
      count: async (account: Account) =>
        (
          await server.database.db
            .selectFrom('markers')
            .select('id')
            .where('project_id', '=', account.project.id)
            .execute()
        ).length,
    },
  ];

  it.each(creates)(
    '$version: is retried with the same Idempotency-Key and does not create twice',
    async ({ create, idOf, count }) => {
      const account = await seededAccount(server);
      const retries: RetryEvent[] = [];
      const seenBefore = proxy.requests.length;
      const countBefore = await count(account);
      upstream.length = 0;

      const created = await create(proxy.url, account, (event) => retries.push(event));

      expect(retries).toEqual([expect.objectContaining({ method: 'POST', reason: 'network-error', attempt: 1 })]);
      const keys = proxy.requests.slice(seenBefore).map((request) => request.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(upstream.map(({ status, replayed }) => [status, replayed])).toEqual([
        [201, null],
        [201, 'true'],
      ]);
      expect(created.id).toBe(idOf(upstream[0]?.body ?? '{}'));
      expect(await count(account)).toBe(countBefore + 1);
    },
  );
});
