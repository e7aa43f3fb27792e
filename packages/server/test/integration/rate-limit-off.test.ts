import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

describe('a limit of 0 turns that limit off', () => {
  // V1 keeps a budget of 1 so the test sees that only the limits set to 0 are off.
  const server = useTestServer({
    env: { RATE_LIMIT_PER_MINUTE: '0', AUTH_FAILURE_LIMIT_PER_MINUTE: '0', V1_RATE_LIMIT_PER_MINUTE: '1' },
  });

  it('accepts 0 for each limit', () => {
    const config = loadConfig({
      RATE_LIMIT_PER_MINUTE: '0',
      V1_RATE_LIMIT_PER_MINUTE: '0',
      AUTH_FAILURE_LIMIT_PER_MINUTE: '0',
    });
    expect(config).toMatchObject({ rateLimitPerMinute: 0, v1RateLimitPerMinute: 0, authFailureLimitPerMinute: 0 });
  });

  it('serves V2 requests without counting them or sending rate-limit headers', async () => {
    const account = await createAccount(server);
    for (let request = 1; request <= 5; request += 1) {
      const response = await call(server, 'GET', '/api/v2/user', { token: account.token.token });
      expect(response.status, `request ${request}`).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
      expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
    }
  });

  it('answers every bad token with 401, never 429, when the failed-authentication limit is off', async () => {
    for (let request = 1; request <= 5; request += 1) {
      const response = await call(server, 'GET', '/api/v2/user', { token: 'lct2_not-a-real-token' });
      expect(response.status, `request ${request}`).toBe(401);
    }
  });

  it('keeps a limit that is not 0', async () => {
    const account = await createAccount(server);
    const first = await call(server, 'GET', '/api/locations', { token: account.legacyToken.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('1');
    const second = await call(server, 'GET', '/api/locations', { token: account.legacyToken.token });
    expect(second.status).toBe(429);
  });
});
