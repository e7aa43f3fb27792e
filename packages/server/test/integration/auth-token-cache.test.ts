import { describe, expect, it } from 'vitest';

import { TOKEN_RECHECK_MS } from '../../src/http/auth.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

const server = useTestServer();

async function queriesOf(request: () => Promise<{ status: number }>): Promise<{ status: number; queries: number }> {
  server.queries.count = 0;
  const { status } = await request();
  return { status, queries: server.queries.count };
}

describe('tokens found valid are rechecked at most once a second', () => {
  it('looks a busy token up once, and again once the recheck interval has passed', async () => {
    const account = await createAccount(server);
    const user = () => call(server, 'GET', '/api/v2/user', { token: account.token.token });
    const first = await queriesOf(user);
    const second = await queriesOf(user);
    expect([first.status, second.status]).toEqual([200, 200]);
    // The first request also writes last_used_at; the second neither looks the token up nor writes.
    expect(second.queries).toBe(first.queries - 2);
    server.clock.now += TOKEN_RECHECK_MS + 1;
    const later = await queriesOf(user);
    expect(later).toEqual({ status: 200, queries: second.queries + 1 });
  });

  it('refuses a revoked token from the next recheck on', async () => {
    const account = await createAccount(server);
    const issued = await server.services.accounts.createToken({ email: account.user.email, name: 'to revoke' });
    expect((await call(server, 'GET', '/api/v2/user', { token: issued.token })).status).toBe(200);
    await server.services.accounts.revokeToken(issued.row.public_id);
    server.clock.now += TOKEN_RECHECK_MS + 1;
    const refused = await call(server, 'GET', '/api/v2/user', { token: issued.token });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses an expired token at once, even between rechecks', async () => {
    const account = await createAccount(server);
    server.clock.now = Date.now();
    const issued = await server.services.accounts.createToken({
      email: account.user.email,
      name: 'short',
      expiresInMs: TOKEN_RECHECK_MS / 2,
    });
    expect((await call(server, 'GET', '/api/v2/user', { token: issued.token })).status).toBe(200);
    server.clock.now += TOKEN_RECHECK_MS / 2 + 100;
    const expired = await call(server, 'GET', '/api/v2/user', { token: issued.token });
    expect([expired.status, expired.body.message]).toEqual([401, 'The token has expired.']);
  });
});
