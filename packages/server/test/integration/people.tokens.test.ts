import { describe, expect, it } from 'vitest';
import { call, createAccount, signInAs, useTestServer } from '../support/server.ts';

describe("the signed-in user's tokens", () => {
  const server = useTestServer();

  it('makes a token shown once, lists it with last_used_at, and revokes it', async () => {
    const account = await createAccount(server);
    const session = await signInAs(server, account.user.id);
    const made = await call(server, 'POST', '/api/v2/tokens', {
      session,
      body: { name: 'ci', scopes: ['location:read'], expires_in_days: 30 },
    });
    expect(made.status, made.text).toBe(201);
    const { token, ...shown } = made.body.data;
    expect(token).toMatch(/^lct2_\w{40}$/);
    expect(shown).toMatchObject({ name: 'ci', scopes: ['location:read'], last_used_at: null });
    expect(Date.parse(shown.expires_at) - server.clock.now).toBe(30 * 86_400_000);

    const locations = `/api/v2/projects/${account.project.public_id}/locations`;
    expect((await call(server, 'GET', locations, { token })).status).toBe(200);
    expect((await call(server, 'POST', locations, { token, body: { name: 'X', city: 'Y' } })).status).toBe(403);

    const listed = await call(server, 'GET', '/api/v2/tokens', { session });
    expect(listed.text).not.toContain(token);
    const ci = listed.body.data.find((row: { id: string }) => row.id === shown.id);
    expect(ci.last_used_at).toEqual(expect.any(String));
    expect(listed.body.data.map((row: { name: string }) => row.name)).toEqual(['default', 'ci']);

    expect((await call(server, 'DELETE', `/api/v2/tokens/${shown.id}`, { session })).status).toBe(200);
    server.clock.now += 1_001;
    expect((await call(server, 'GET', locations, { token })).status).toBe(401);
    expect((await call(server, 'GET', '/api/v2/tokens', { session })).body.data).toHaveLength(1);
    expect((await call(server, 'DELETE', `/api/v2/tokens/${shown.id}`, { session })).status).toBe(404);
  });

  it("refuses an unknown scope (422), a token in place of the session (401) and another user's token (404)", async () => {
    const account = await createAccount(server);
    const other = await createAccount(server);
    const session = await signInAs(server, account.user.id);
    const unknown = await call(server, 'POST', '/api/v2/tokens', { session, body: { name: 'x', scopes: ['root'] } });
    expect(unknown.status).toBe(422);
    const byToken = await call(server, 'POST', '/api/v2/tokens', {
      token: account.token.token,
      body: { name: 'x', scopes: ['location:read'] },
    });
    expect(byToken.status).toBe(401);
    const foreign = await call(server, 'DELETE', `/api/v2/tokens/${other.token.row.public_id}`, { session });
    expect(foreign.status).toBe(404);
    expect((await call(server, 'GET', '/api/v2/user', { token: other.token.token })).status).toBe(200);
  });
});
