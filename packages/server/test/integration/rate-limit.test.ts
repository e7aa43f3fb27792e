import { describe, expect, it } from 'vitest';

import { refOfProject } from '../../src/domain/project-ref.ts';
import { windowAt } from '../../src/ratelimit/rules.ts';
import { type ApiResponse, call, createAccount, type TestServer, useTestServer } from '../support/server.ts';

const MINUTE = 60_000;

function rateLimitHeaders(response: ApiResponse) {
  const header = (name: string) => response.headers.get(name);
  return {
    limit: header('x-ratelimit-limit'),
    remaining: header('x-ratelimit-remaining'),
    retryAfter: header('retry-after'),
    reset: header('x-ratelimit-reset'),
  };
}

/** Puts the server's clock `offsetMs` into a fresh window, so a test starts with full budgets. */
function moveToNextWindow(server: TestServer, offsetMs = 0): number {
  const start = windowAt(server.clock.now).end;
  server.clock.now = start + offsetMs;
  return start;
}

describe('the V2 budget with the default of 1,000 requests a minute', () => {
  const server = useTestServer();

  it('allows request 1,000 and refuses request 1,001 across two tokens of one user, leaving another user alone', async () => {
    moveToNextWindow(server, 5_000);
    const account = await createAccount(server);
    const secondToken = await server.services.accounts.createToken({ email: account.user.email, name: 'second' });
    const tokens = [account.token.token, secondToken.token];

    for (let request = 1; request <= 1000; request += 1) {
      const response = await call(server, 'GET', '/api/v2/user', { token: tokens[request % 2] });
      if (response.status !== 200 || response.headers.get('x-ratelimit-remaining') !== String(1000 - request)) {
        expect.fail(
          `request ${request}: ${response.status}, remaining ${response.headers.get('x-ratelimit-remaining')}`,
        );
      }
    }
    const refused = await call(server, 'GET', '/api/v2/user', { token: tokens[1] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(refused.body).toEqual({
      message: expect.stringMatching(/Rate limit of 1000 requests per minute exceeded.*Retry after 55 seconds/),
    });
    expect(rateLimitHeaders(refused)).toEqual({
      limit: '1000',
      remaining: '0',
      retryAfter: '55',
      reset: String(windowAt(server.clock.now).end / 1000),
    });
    const otherToken = await call(server, 'GET', '/api/v2/user', { token: tokens[0] });
    expect(otherToken.status).toBe(429);

    const otherUser = await createAccount(server);
    const unaffected = await call(server, 'GET', '/api/v2/user', { token: otherUser.token.token });
    expect(unaffected.status).toBe(200);
    expect(rateLimitHeaders(unaffected)).toEqual({ limit: '1000', remaining: '999', retryAfter: null, reset: null });
  });
});

describe('the V2 budget over time', () => {
  const server = useTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3', V1_RATE_LIMIT_PER_MINUTE: '5' } });

  it('gives a Retry-After that is exactly enough: one second less is still refused, then the window resets', async () => {
    const start = moveToNextWindow(server, 20_300);
    const { token } = await createAccount(server);
    for (let i = 0; i < 3; i += 1)
      expect((await call(server, 'GET', '/api/v2/user', { token: token.token })).status).toBe(200);

    const refused = await call(server, 'GET', '/api/v2/user', { token: token.token });
    expect(refused.status).toBe(429);
    expect(rateLimitHeaders(refused)).toMatchObject({ retryAfter: '40', reset: String((start + MINUTE) / 1000) });

    server.clock.now += 39_000;
    const tooEarly = await call(server, 'GET', '/api/v2/user', { token: token.token });
    expect(tooEarly.status).toBe(429);
    expect(rateLimitHeaders(tooEarly).retryAfter).toBe('1');

    server.clock.now = start + MINUTE - 1;
    expect((await call(server, 'GET', '/api/v2/user', { token: token.token })).status).toBe(429);

    server.clock.now = start + MINUTE;
    const afterReset = await call(server, 'GET', '/api/v2/user', { token: token.token });
    expect(afterReset.status).toBe(200);
    expect(rateLimitHeaders(afterReset)).toEqual({ limit: '3', remaining: '2', retryAfter: null, reset: null });
  });

  it('counts and labels every authenticated response, errors included, and no unauthenticated one', async () => {
    moveToNextWindow(server);
    const account = await createAccount(server);
    const narrow = await server.services.accounts.createToken({ email: account.user.email, scopes: ['location:read'] });

    const forbidden = await call(server, 'GET', '/api/v2/user', { token: narrow.token });
    expect(forbidden.status).toBe(403);
    expect(rateLimitHeaders(forbidden)).toMatchObject({ limit: '3', remaining: '2' });
    const notFound = await call(server, 'GET', '/api/v2/projects/prj_doesNotExist/locations', {
      token: account.token.token,
    });
    expect(notFound.status).toBe(404);
    expect(rateLimitHeaders(notFound)).toMatchObject({ limit: '3', remaining: '1' });
    const unauthenticated = await call(server, 'GET', '/api/v2/user');
    expect(unauthenticated.status).toBe(401);
    expect(rateLimitHeaders(unauthenticated)).toEqual({ limit: null, remaining: null, retryAfter: null, reset: null });
    const health = await call(server, 'GET', '/healthz');
    expect(rateLimitHeaders(health).limit).toBeNull();
  });

  it('describes the limits, headers and 429 in both API documents', async () => {
    for (const document of ['/api/v2/openapi.json', '/api/openapi.json']) {
      const description: string = (await call(server, 'GET', document)).body.info.description;
      for (const term of [
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'Retry-After',
        'X-RateLimit-Reset',
        '429',
        'without a valid token',
      ]) {
        expect(description, `${document}: ${term}`).toContain(term);
      }
    }
  });

  it('keeps V1 on a budget of its own', async () => {
    moveToNextWindow(server);
    const account = await createAccount(server);
    for (let i = 0; i < 3; i += 1) await call(server, 'GET', '/api/v2/user', { token: account.token.token });
    expect((await call(server, 'GET', '/api/v2/user', { token: account.token.token })).status).toBe(429);

    const v1 = await call(server, 'GET', '/api/locations', { token: account.legacyToken.token });
    expect(v1.status).toBe(200);
    expect(rateLimitHeaders(v1)).toMatchObject({ limit: '5', remaining: '4' });
    for (let i = 0; i < 4; i += 1)
      expect((await call(server, 'GET', '/api/locations', { token: account.legacyToken.token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/locations', { token: account.legacyToken.token })).status).toBe(429);
  });
});

describe('requests without a valid token', () => {
  const server = useTestServer({ env: { AUTH_FAILURE_LIMIT_PER_MINUTE: '5' } });

  it('are limited per client address, and a blocked address gets 429 even with a valid token', async () => {
    const start = moveToNextWindow(server, 30_000);
    const account = await createAccount(server);
    for (let i = 0; i < 10; i += 1)
      expect((await call(server, 'GET', '/api/v2/user', { token: account.token.token })).status).toBe(200);

    const guesses = ['lct2_guess1', 'not-a-token', 'lct1_legacy-on-v2', 'lct2_guess2'];
    for (const guess of guesses) expect((await call(server, 'GET', '/api/v2/user', { token: guess })).status).toBe(401);
    expect((await call(server, 'GET', '/api/v2/user')).status).toBe(401);

    const blocked = await call(server, 'GET', '/api/v2/user', { token: 'lct2_guess3' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: expect.stringMatching(/without a valid token/) });
    expect(rateLimitHeaders(blocked)).toEqual({
      limit: '5',
      remaining: '0',
      retryAfter: '30',
      reset: String((start + MINUTE) / 1000),
    });
    const validButBlocked = await call(server, 'GET', '/api/v2/user', { token: account.token.token });
    expect(validButBlocked.status).toBe(429);
    expect((await call(server, 'GET', '/healthz')).status).toBe(200);

    server.clock.now = start + MINUTE;
    expect((await call(server, 'GET', '/api/v2/user', { token: account.token.token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v2/user', { token: 'lct2_guess4' })).status).toBe(401);
  });

  it('count unknown publishable keys too: a guess with a new key each time gets no new budget', async () => {
    moveToNextWindow(server);
    for (let i = 0; i < 5; i += 1) {
      expect((await call(server, 'GET', `/api/public/v1/search?lat=30.27&lng=-97.74&key=lpk_guess${i}`)).status).toBe(
        401,
      );
    }
    const blocked = await call(server, 'GET', '/api/public/v1/search?lat=30.27&lng=-97.74&key=lpk_guess5');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/without a valid token or key/);
    // A budget of its own: a website's revoked key never blocks its visitors' address from the APIs.
    const account = await createAccount(server);
    expect((await call(server, 'GET', '/api/v2/user', { token: account.token.token })).status).toBe(200);
  });

  it('count hosted pages with an unknown or revoked key, though they answer 404, in the budget of keys', async () => {
    moveToNextWindow(server);
    const account = await createAccount(server);
    const owner = { project: refOfProject(account.project) };
    const { key } = await server.services.finder.keys.create({ owner, origins: [] });
    const revoked = await server.services.finder.keys.create({ owner, origins: [] });
    await server.services.finder.keys.revoke({ owner, publicId: revoked.id });
    const page = (path: string) => call(server, 'GET', path);

    // Neither a working key's pages nor a missing page under a working key count.
    for (let i = 0; i < 6; i += 1) {
      expect((await page(`/finder/${key}`)).status).toBe(200);
      expect((await page(`/finder/${key}/no-such-store`)).status).toBe(404);
    }
    const refused = ['/finder/lpk_guess1', '/finder/lpk_guess2/sitemap.xml', `/finder/${revoked.key}/some-store`];
    for (const path of [...refused, '/finder/not-a-key']) expect((await page(path)).status, path).toBe(404);
    expect((await page('/api/public/v1/config?key=lpk_guess3')).status).toBe(401);
    const blocked = await page(`/finder/${key}`);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/without a valid token or key/);
    expect((await page('/api/public/v1/config?key=lpk_guess4')).status).toBe(429);
    expect((await call(server, 'GET', '/api/v2/user', { token: account.token.token })).status).toBe(200);
  });

  it('ignore X-Forwarded-For unless TRUST_PROXY says so', async () => {
    moveToNextWindow(server);
    for (let i = 0; i < 5; i += 1) {
      const spoofed = await call(server, 'GET', '/api/v2/user', {
        token: 'lct2_guess',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(spoofed.status).toBe(401);
    }
    const stillBlocked = await call(server, 'GET', '/api/v2/user', {
      token: 'lct2_guess',
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(stillBlocked.status).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  const server = useTestServer({ env: { AUTH_FAILURE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' } });

  it('limits each client address named by X-Forwarded-For separately', async () => {
    moveToNextWindow(server);
    const from = (address: string) => ({
      token: 'lct2_guess',
      headers: { 'x-forwarded-for': `${address}, 127.0.0.1` },
    });
    expect((await call(server, 'GET', '/api/v2/user', from('203.0.113.1'))).status).toBe(401);
    expect((await call(server, 'GET', '/api/v2/user', from('203.0.113.1'))).status).toBe(401);
    expect((await call(server, 'GET', '/api/v2/user', from('203.0.113.1'))).status).toBe(429);
    expect((await call(server, 'GET', '/api/v2/user', from('203.0.113.2'))).status).toBe(401);
  });
});
