import { describe, expect, it } from 'vitest';
import { softAuthenticator } from '../support/passkey-authenticator.ts';
import { PASSWORD, sessionOf } from '../support/people.ts';
import { type BrowserSession, call, type TestServer, useTestServer } from '../support/server.ts';

const MINUTE = 60_000;

/** Registers a new passkey for the signed-in person through the API, as the dashboard does. */
async function registerPasskey(server: TestServer, session: BrowserSession, name = 'Laptop') {
  const authenticator = softAuthenticator();
  const options = await call(server, 'POST', '/api/v2/user/passkeys/options', { session });
  expect(options.status, options.text).toBe(200);
  const created = await call(server, 'POST', '/api/v2/user/passkeys', {
    session,
    body: { name, response: authenticator.register(options.body.data, server.url) },
  });
  expect(created.status, created.text).toBe(201);
  return { authenticator, passkey: created.body.data };
}

async function passkeyChallenge(server: TestServer) {
  const options = await call(server, 'POST', '/api/v2/session/passkey/options');
  expect(options.status, options.text).toBe(200);
  return options.body.data;
}

describe('passkeys', () => {
  const server = useTestServer({ env: { SIGN_IN_FAILURES_PER_EMAIL: '3' } });

  async function person() {
    const { user } = await server.services.accounts.createUser({
      email: `p${Math.random().toString(36).slice(2, 10)}@example.com`,
      name: 'Person',
      password: PASSWORD,
    });
    const signedIn = await call(server, 'POST', '/api/v2/session', { body: { email: user.email, password: PASSWORD } });
    return { user, session: sessionOf(signedIn) };
  }

  it('are registered by the signed-in person, listed, and sign them in instead of the password', async () => {
    const { user, session } = await person();
    const { authenticator, passkey } = await registerPasskey(server, session);
    expect(passkey).toEqual({
      id: expect.stringMatching(/^psk_\w{16}$/),
      name: 'Laptop',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const listed = await call(server, 'GET', '/api/v2/user/passkeys', { session });
    expect(listed.body.data).toEqual([passkey]);

    const options = await passkeyChallenge(server);
    expect(options.rpId).toBe(new URL(server.url).hostname);
    const signedIn = await call(server, 'POST', '/api/v2/session/passkey', {
      body: { response: authenticator.authenticate(options, server.url) },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ email: user.email });
    const fresh = sessionOf(signedIn);
    expect((await call(server, 'GET', '/api/v2/session', { session: fresh })).status).toBe(200);
    const after = await call(server, 'GET', '/api/v2/user/passkeys', { session: fresh });
    expect(after.body.data[0].last_used_at).not.toBeNull();
  });

  it('take a challenge once: an answer sent again is refused', async () => {
    const { session } = await person();
    const { authenticator } = await registerPasskey(server, session);
    const response = authenticator.authenticate(await passkeyChallenge(server), server.url);
    expect((await call(server, 'POST', '/api/v2/session/passkey', { body: { response } })).status).toBe(200);
    expect((await call(server, 'POST', '/api/v2/session/passkey', { body: { response } })).status).toBe(401);
  });

  it('refuse an expired challenge, another site, and an unknown passkey alike (401)', async () => {
    const { session } = await person();
    const { authenticator } = await registerPasskey(server, session);

    const expiring = await passkeyChallenge(server);
    server.clock.now += 6 * MINUTE;
    try {
      const late = await call(server, 'POST', '/api/v2/session/passkey', {
        body: { response: authenticator.authenticate(expiring, server.url) },
      });
      expect(late.status).toBe(401);
    } finally {
      server.clock.now -= 6 * MINUTE;
    }

    const elsewhere = await call(server, 'POST', '/api/v2/session/passkey', {
      body: { response: authenticator.authenticate(await passkeyChallenge(server), 'https://evil.example') },
    });
    expect(elsewhere.status).toBe(401);

    const stranger = await call(server, 'POST', '/api/v2/session/passkey', {
      body: { response: softAuthenticator().authenticate(await passkeyChallenge(server), server.url) },
    });
    expect(stranger.status).toBe(401);
    expect(stranger.body).toEqual(elsewhere.body);
  });

  it("count failures against the user's budget of failed sign-ins, as passwords do (429)", async () => {
    const { user, session } = await person();
    const { authenticator } = await registerPasskey(server, session);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await call(server, 'POST', '/api/v2/session', { body: { email: user.email, password: 'wrong!' } });
      expect(wrong.status).toBe(401);
    }
    const limited = await call(server, 'POST', '/api/v2/session/passkey', {
      body: { response: authenticator.authenticate(await passkeyChallenge(server), server.url) },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuse a registration answering another challenge, and are removed by their owner only', async () => {
    const { session } = await person();
    const authenticator = softAuthenticator();
    const forged = await call(server, 'POST', '/api/v2/user/passkeys', {
      session,
      body: { name: 'Forged', response: authenticator.register({ challenge: 'bm90LWdpdmVu' }, server.url) },
    });
    expect(forged.status).toBe(422);

    const { passkey, authenticator: registered } = await registerPasskey(server, session);
    const other = await person();
    const foreign = await call(server, 'DELETE', `/api/v2/user/passkeys/${passkey.id}`, { session: other.session });
    expect(foreign.status).toBe(404);
    const removed = await call(server, 'DELETE', `/api/v2/user/passkeys/${passkey.id}`, { session });
    expect(removed.status).toBe(200);
    expect((await call(server, 'GET', '/api/v2/user/passkeys', { session })).body.data).toEqual([]);
    const gone = await call(server, 'POST', '/api/v2/session/passkey', {
      body: { response: registered.authenticate(await passkeyChallenge(server), server.url) },
    });
    expect(gone.status).toBe(401);
  });

  it('are managed with the session only, never a token', async () => {
    const { token } = await server.services.accounts.createUser({
      email: `t${Math.random().toString(36).slice(2, 10)}@example.com`,
      name: 'Script',
    });
    const answer = await call(server, 'POST', '/api/v2/user/passkeys/options', { token: token.token });
    expect(answer.status).toBe(401);
  });
});
