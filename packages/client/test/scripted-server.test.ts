import { afterEach, describe, expect, it } from 'vitest';
import { LocatorApiError, LocatorNetworkError, type RetryEvent, V1Client, V2Client } from '../src/index.ts';
import {
  drop,
  json,
  pageAnswer,
  type Script,
  type ScriptedServer,
  startScriptedServer,
} from './support/scripted-server.ts';

let scripted: ScriptedServer | undefined;
afterEach(async () => {
  await scripted?.close();
  scripted = undefined;
});

async function serve(script: Script): Promise<ScriptedServer> {
  scripted = await startScriptedServer(script);
  return scripted;
}

const LOCATIONS = '/api/v2/projects/prj_1/locations';

describe('pagination when links drop parameters', () => {
  it('V2 keeps limit, filters and include flags on every page request', async () => {
    const server = await serve((request, response) => json(response, 200, pageAnswer(request, 5, server.url)));
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test' });
    const names: string[] = [];
    for await (const location of client.locations('prj_1', {
      limit: 2,
      'city[like]': 'aus',
      includeHours: '1',
      sort: '-name',
    }))
      names.push(location.name);

    expect(names).toEqual(['Location 1', 'Location 2', 'Location 3', 'Location 4', 'Location 5']);
    expect(server.requests.map((request) => Object.fromEntries(request.url.searchParams))).toEqual(
      [1, 2, 3].map((page) => ({
        limit: '2',
        'city[like]': 'aus',
        includeHours: '1',
        sort: '-name',
        page: String(page),
      })),
    );
    expect(server.requests.every((request) => request.url.pathname === LOCATIONS)).toBe(true);
  });

  it('V1 keeps limit on every page request', async () => {
    const server = await serve((request, response) => json(response, 200, pageAnswer(request, 7, server.url)));
    const client = new V1Client({ baseUrl: server.url, token: 'lct1_test' });
    const pages: number[] = [];
    for await (const page of client.locationPages({ limit: 3 })) pages.push(page.data.length);

    expect(pages).toEqual([3, 3, 1]);
    expect(server.requests.map((request) => request.url.search)).toEqual([
      '?limit=3&page=1',
      '?limit=3&page=2',
      '?limit=3&page=3',
    ]);
  });

  it('stops with an error instead of looping when a link points backwards', async () => {
    const server = await serve((request, response) =>
      json(response, 200, {
        ...pageAnswer(request, 4, server.url),
        links: { next: `${server.url}${LOCATIONS}?page=1` },
      }),
    );
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test' });
    const pages = client.locationPages('prj_1', { limit: 2 });
    await pages.next();
    await expect(pages.next()).rejects.toThrow(/links back to page 1/);
  });
});

describe('429 and Retry-After', () => {
  it('waits the seconds Retry-After gives, then retries and succeeds', async () => {
    const server = await serve((_request, response, index) =>
      index === 0
        ? json(response, 429, { message: 'Too many requests.' }, { 'retry-after': '2' })
        : json(response, 200, { data: { id: 'usr_1' } }),
    );
    const retries: RetryEvent[] = [];
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', onRetry: (event) => retries.push(event) });

    await expect(client.getUser()).resolves.toEqual({ id: 'usr_1' });
    expect(retries).toEqual([
      {
        method: 'GET',
        url: `${server.url}/api/v2/user`,
        attempt: 1,
        reason: 'rate-limited',
        status: 429,
        delayMs: 2000,
      },
    ]);
    const [first, second] = server.requests;
    // The second request must not come before the server allowed it (timers never fire early).
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(1990);
  });

  it('retries a rate-limited POST too, with the same Idempotency-Key', async () => {
    const server = await serve((_request, response, index) =>
      index === 0
        ? json(response, 429, { message: 'Slow down.' }, { 'retry-after': '0' })
        : json(response, 201, { data: { id: 'loc_1', name: 'A' } }),
    );
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test' });
    await client.createLocation('prj_1', { name: 'A', city: 'Austin' });
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('surfaces a 429 at once when Retry-After is beyond the wait budget', async () => {
    const server = await serve((_request, response) =>
      json(response, 429, { message: 'Too many requests.' }, { 'retry-after': '120' }),
    );
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', retry: { maxTotalWaitMs: 30_000 } });
    const error = await client.getUser().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocatorApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many requests.', retryAfterSeconds: 120 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('retries of server errors and lost answers', () => {
  const fast = { baseDelayMs: 1, maxDelayMs: 5 };

  it('retries a 503 on GET with backoff until it succeeds', async () => {
    const server = await serve((_request, response, index) =>
      index < 2 ? json(response, 503, { message: 'Unavailable.' }) : json(response, 200, { data: [{ id: 'prj_1' }] }),
    );
    const retries: RetryEvent[] = [];
    const client = new V2Client({
      baseUrl: server.url,
      token: 'lct2_test',
      retry: fast,
      onRetry: (event) => retries.push(event),
    });
    await expect(client.listProjects()).resolves.toEqual([{ id: 'prj_1' }]);
    expect(retries.map((event) => [event.reason, event.status, event.attempt])).toEqual([
      ['server-error', 503, 1],
      ['server-error', 503, 2],
    ]);
  });

  it('sends a POST the server does not deduplicate once, without an Idempotency-Key, even after a 503', async () => {
    const server = await serve((_request, response) => json(response, 503, { message: 'Service unavailable' }));
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', retry: { baseDelayMs: 1 } });
    const error = await client.webhooks
      .create('prj_1', { url: 'https://hooks.example/locator', events: ['*'] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocatorApiError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('does not retry a PATCH after a 503 (not idempotent) and surfaces the error', async () => {
    const server = await serve((_request, response) =>
      json(response, 503, { message: 'Unavailable.' }, { 'x-request-id': 'req-9' }),
    );
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', retry: fast });
    await expect(client.updateLocation('prj_1', 'loc_1', { name: 'B' })).rejects.toMatchObject({
      status: 503,
      message: 'Unavailable.',
      requestId: 'req-9',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a GET whose connection dropped', async () => {
    const server = await serve((_request, response, index) =>
      index === 0 ? drop(response) : json(response, 200, { data: { id: 'usr_1' } }),
    );
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', retry: fast });
    await expect(client.getUser()).resolves.toEqual({ id: 'usr_1' });
    expect(server.requests).toHaveLength(2);
  });

  it('treats an attempt that times out as lost and retries it', async () => {
    const server = await serve((_request, response, index) => {
      if (index > 0) json(response, 200, { data: { id: 'usr_1' } });
    });
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', retry: fast, timeoutMs: 200 });
    await expect(client.getUser()).resolves.toEqual({ id: 'usr_1' });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up with a LocatorNetworkError after the last retry', async () => {
    const server = await serve((_request, response) => drop(response));
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', retry: { ...fast, retries: 2 } });
    const error = await client.getUser().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocatorNetworkError);
    expect(error).toMatchObject({ request: { method: 'GET', url: `${server.url}/api/v2/user` } });
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a PATCH whose connection dropped', async () => {
    const server = await serve((_request, response) => drop(response));
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test', retry: fast });
    await expect(client.updateLocation('prj_1', 'loc_1', { name: 'B' })).rejects.toBeInstanceOf(LocatorNetworkError);
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    const server = await serve((_request, response) =>
      json(response, 429, { message: 'Too many requests.' }, { 'retry-after': '30' }),
    );
    const client = new V2Client({ baseUrl: server.url, token: 'lct2_test' });
    const controller = new AbortController();
    const call = client.getUser({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped by the caller')), 50);
    await expect(call).rejects.toThrow('stopped by the caller');
    expect(server.requests).toHaveLength(1);
  });
});
