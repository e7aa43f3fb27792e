import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchLike, LocatorApiError, V2Client } from '../src/index.ts';
import { seededAccount, startTestServer, type TestServer } from './support/locator.ts';

// A client with a session (the dashboard's) against the real server: the browser's cookie is the credential, so no
// Authorization header goes out, and the session's CSRF token goes with every request that may change something.

let server: TestServer;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  projectId = (await seededAccount(server)).project.public_id;
});
afterAll(async () => server.stop());

interface Sent {
  method: string;
  headers: Headers;
  credentials: string | undefined;
}

function recording(): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    fetch: (url, init) => {
      sent.push({ method: init.method ?? 'GET', headers: new Headers(init.headers), credentials: init.credentials });
      return fetch(url, init);
    },
  };
}

describe('V2Client with a session', () => {
  it('sends the CSRF token on writes only, the cookie by the browser, and no bearer token', async () => {
    let csrf: string | undefined = 'first';
    const recorder = recording();
    const client = new V2Client({
      baseUrl: server.url,
      session: { csrfToken: () => csrf },
      fetch: recorder.fetch,
      retry: false,
    });
    const refusals = await Promise.all([
      client.listProjects().catch((error: unknown) => error),
      client.updateLocation(projectId, 'loc_x', { phone: '1' }).catch((error: unknown) => error),
    ]);
    csrf = 'second';
    refusals.push(await client.deleteLocation(projectId, 'loc_x').catch((error: unknown) => error));
    // No cookie came with these requests: the server knows no caller.
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 401 });
    expect(refusals[0]).toBeInstanceOf(LocatorApiError);
    expect(recorder.sent.map((request) => [request.method, request.headers.get('x-csrf-token')])).toEqual([
      ['GET', null],
      ['PATCH', 'first'],
      ['DELETE', 'second'],
    ]);
    for (const request of recorder.sent) {
      expect(request.headers.get('authorization')).toBeNull();
      expect(request.credentials).toBe('same-origin');
    }
  });

  it('leaves a token client as it was: the bearer token, no CSRF header, fetch credentials untouched', async () => {
    const recorder = recording();
    const client = new V2Client({
      baseUrl: server.url,
      token: 'lct2_not_a_token',
      fetch: recorder.fetch,
      retry: false,
    });
    await client.deleteLocation(projectId, 'loc_x').catch(() => undefined);
    expect(recorder.sent[0]?.headers.get('authorization')).toBe('Bearer lct2_not_a_token');
    expect(recorder.sent[0]?.headers.get('x-csrf-token')).toBeNull();
    expect(recorder.sent[0]?.credentials).toBeUndefined();
  });

  it('reaches any V2 path through request, and refuses a path outside V2', async () => {
    const client = new V2Client({ baseUrl: server.url, session: { csrfToken: 'x' }, retry: false });
    await expect(client.request('GET', '/api/v2/user')).rejects.toMatchObject({ status: 401 });
    await expect(client.request('GET', '/api/locations')).rejects.toThrow(TypeError);
  });
});
