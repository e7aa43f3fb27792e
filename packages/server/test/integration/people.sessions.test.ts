import { describe, expect, it } from 'vitest';
import { PASSWORD, sessionOf } from '../support/people.ts';
import { useTestRedis } from '../support/redis.ts';
import { call, createAccount, signInAs, startTestServer, useTestServer } from '../support/server.ts';

const HOUR = 3_600_000;

describe('the first run', () => {
  const server = useTestServer();

  it('creates the owner with a Business project and signs them in, once', async () => {
    const setUp = await call(server, 'POST', '/api/v2/setup', {
      body: { name: 'Ada Lovelace', email: 'Ada@Example.com', password: PASSWORD },
    });
    expect(setUp.status, setUp.text).toBe(201);
    expect(setUp.body.data.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const cookie = setUp.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^locator_session=lcs_\w{40}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const session = sessionOf(setUp);

    const projects = await call(server, 'GET', '/api/v2/projects', { session });
    expect(projects.status).toBe(200);
    expect(projects.body.data).toMatchObject([{ plan: 'business', personal: true }]);

    const again = await call(server, 'POST', '/api/v2/setup', {
      body: { name: 'Eve', email: 'eve@example.com', password: PASSWORD },
    });
    expect(again.status).toBe(409);
  });

  it('refuses a password shorter than 10 characters with a field error', async () => {
    const fresh = await startTestServer();
    try {
      const answer = await call(fresh, 'POST', '/api/v2/setup', {
        body: { name: 'Ada', email: 'ada@example.com', password: 'short' },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toHaveProperty('password');
    } finally {
      await fresh.stop();
    }
  });
});

describe('sessions', () => {
  const server = useTestServer();

  async function person() {
    return server.services.accounts.createUser({
      email: `p${Math.random().toString(36).slice(2, 10)}@example.com`,
      name: 'Person',
      password: PASSWORD,
    });
  }

  it('signs in with e-mail and password, with a new cookie value each time, and reads the session back', async () => {
    const { user } = await person();
    const first = await call(server, 'POST', '/api/v2/session', { body: { email: user.email, password: PASSWORD } });
    expect(first.status, first.text).toBe(200);
    const second = await call(server, 'POST', '/api/v2/session', { body: { email: user.email, password: PASSWORD } });
    expect(sessionOf(second).value).not.toBe(sessionOf(first).value);

    const read = await call(server, 'GET', '/api/v2/session', { session: sessionOf(first) });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      user: { id: user.public_id, name: 'Person', email: user.email, created_at: user.created_at },
      csrf_token: sessionOf(first).csrfToken,
    });
    expect((await call(server, 'GET', '/api/v2/session')).status).toBe(401);
  });

  it('answers 401 to a wrong password and to an unknown e-mail alike', async () => {
    const { user } = await person();
    const wrong = await call(server, 'POST', '/api/v2/session', {
      body: { email: user.email, password: 'not it at all' },
    });
    const unknown = await call(server, 'POST', '/api/v2/session', {
      body: { email: 'nobody@example.com', password: PASSWORD },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('takes a session on every V2 endpoint, and a session is refused where a token is not enough', async () => {
    const account = await createAccount(server);
    const session = await signInAs(server, account.user.id);
    const path = `/api/v2/projects/${account.project.public_id}/locations`;
    expect((await call(server, 'GET', path, { session })).status).toBe(200);
    const created = await call(server, 'POST', path, {
      session,
      body: { name: 'By the dashboard', city: 'Austin', lat: 1, lng: 2 },
    });
    expect(created.status, created.text).toBe(201);
    const events = await call(server, 'GET', `/api/v2/projects/${account.project.public_id}/events`, { session });
    expect(events.body.data.at(-1).actor).toEqual({ type: 'user', id: account.user.public_id });
    // The session endpoints take the browser's session, never a token.
    expect((await call(server, 'GET', '/api/v2/session', { token: account.token.token })).status).toBe(401);
  });

  it('refuses a write with the cookie but no CSRF token, a wrong one, or a foreign Origin; a token needs neither', async () => {
    const account = await createAccount(server);
    const session = await signInAs(server, account.user.id);
    const path = `/api/v2/projects/${account.project.public_id}/locations`;
    const body = { name: 'Shop', city: 'Austin', lat: 1, lng: 2 };
    const cookie = `locator_session=${session.value}`;
    const noToken = await call(server, 'POST', path, { headers: { cookie }, body });
    const wrongToken = await call(server, 'POST', path, { headers: { cookie, 'x-csrf-token': 'x'.repeat(40) }, body });
    const foreign = await call(server, 'POST', path, { session, headers: { origin: 'https://evil.example' }, body });
    expect([noToken.status, wrongToken.status, foreign.status]).toEqual([403, 403, 403]);
    expect(noToken.body.message).toMatch(/X-CSRF-Token/);
    expect(foreign.body.message).toMatch(/Origin/);
    const sameOrigin = await call(server, 'POST', path, { session, headers: { origin: server.url }, body });
    expect(sameOrigin.status).toBe(201);
    expect((await call(server, 'POST', path, { token: account.token.token, body })).status).toBe(201);
    const locations = await call(server, 'GET', path, { token: account.token.token });
    expect(locations.body.data).toHaveLength(2);
  });

  it('ends after SESSION_IDLE_HOURS without use, and SESSION_MAX_DAYS after sign-in however used', async () => {
    const { user } = await person();
    const idle = await signInAs(server, user.id);
    server.clock.now += 12 * HOUR - 1000;
    expect((await call(server, 'GET', '/api/v2/session', { session: idle })).status).toBe(200);
    server.clock.now += 12 * HOUR - 1000;
    expect((await call(server, 'GET', '/api/v2/session', { session: idle })).status).toBe(200);
    server.clock.now += 12 * HOUR;
    expect((await call(server, 'GET', '/api/v2/session', { session: idle })).status).toBe(401);

    const busy = await signInAs(server, user.id);
    for (let day = 1; day < 30; day += 1) {
      server.clock.now += 11 * HOUR;
      expect((await call(server, 'GET', '/api/v2/session', { session: busy })).status).toBe(200);
      server.clock.now += 13 * HOUR - 11 * HOUR;
      expect((await call(server, 'GET', '/api/v2/session', { session: busy })).status).toBe(200);
    }
    server.clock.now += 24 * HOUR;
    expect((await call(server, 'GET', '/api/v2/session', { session: busy })).status).toBe(401);
  });

  it('signs out this browser, or every browser of the user', async () => {
    const { user } = await person();
    const [a, b, c] = [
      await signInAs(server, user.id),
      await signInAs(server, user.id),
      await signInAs(server, user.id),
    ];
    const out = await call(server, 'DELETE', '/api/v2/session', { session: a });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^locator_session=; Max-Age=0/);
    expect((await call(server, 'GET', '/api/v2/session', { session: a })).status).toBe(401);
    expect((await call(server, 'GET', '/api/v2/session', { session: b })).status).toBe(200);
    expect(
      (await call(server, 'DELETE', '/api/v2/session', { session: b, headers: { 'x-csrf-token': '' } })).status,
    ).toBe(403);

    expect((await call(server, 'DELETE', '/api/v2/sessions', { session: b })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v2/session', { session: b })).status).toBe(401);
    expect((await call(server, 'GET', '/api/v2/session', { session: c })).status).toBe(401);
  });

  it('stores only a hash of the session value', async () => {
    const { user } = await person();
    const session = await signInAs(server, user.id);
    const rows = await server.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(rows)).not.toContain(session.value);
  });
});

describe('the session cookie of a server reached over https', () => {
  const server = useTestServer({ env: { PUBLIC_URL: 'https://locator.example' } });

  it('is Secure at sign-in and at sign-out, so a browser never sends it over plain http', async () => {
    const { user } = await server.services.accounts.createUser({
      email: 'secure@example.com',
      name: 'Person',
      password: PASSWORD,
    });
    const signedIn = await call(server, 'POST', '/api/v2/session', { body: { email: user.email, password: PASSWORD } });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(
      /^locator_session=lcs_\w{40}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const out = await call(server, 'DELETE', '/api/v2/session', { session: sessionOf(signedIn) });
    expect(out.status, out.text).toBe(200);
    expect(out.headers.get('set-cookie')).toBe('locator_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax');
  });
});

describe('sign-up', () => {
  it('is closed unless SIGNUP=open, and then gives a project on the free plan', async () => {
    const closed = await startTestServer();
    const open = await startTestServer({ env: { SIGNUP: 'open' } });
    try {
      const body = { name: 'Grace', email: 'grace@example.com', password: PASSWORD };
      expect((await call(closed, 'POST', '/api/v2/users', { body })).status).toBe(403);
      const signedUp = await call(open, 'POST', '/api/v2/users', { body });
      expect(signedUp.status, signedUp.text).toBe(201);
      const projects = await call(open, 'GET', '/api/v2/projects', { session: sessionOf(signedUp) });
      expect(projects.body.data).toMatchObject([{ plan: 'free', api_access: false }]);
      expect((await call(open, 'POST', '/api/v2/users', { body })).status).toBe(409);
    } finally {
      await Promise.all([closed.stop(), open.stop()]);
    }
  });
});

describe('failed sign-ins', () => {
  const redis = useTestRedis();

  for (const store of ['memory', 'redis'] as const) {
    it(`are limited per e-mail and per client address (${store} store), without telling whether the e-mail exists`, async () => {
      const env: Record<string, string> = { SIGN_IN_FAILURES_PER_EMAIL: '3', SIGN_IN_FAILURES_PER_ADDRESS: '5' };
      if (store === 'redis')
        Object.assign(env, { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: redis.keyPrefix });
      const server = await startTestServer({ env });
      try {
        const { user } = await server.services.accounts.createUser({
          email: 'ada@example.com',
          name: 'Ada',
          password: PASSWORD,
        });
        const signIn = (email: string, password: string) =>
          call(server, 'POST', '/api/v2/session', { body: { email, password } });
        for (const email of [user.email, 'nobody@example.com']) {
          for (let attempt = 0; attempt < 2; attempt += 1)
            expect((await signIn(email, 'wrong password!')).status).toBe(401);
        }
        expect((await signIn(user.email, 'wrong password!')).status).toBe(401);
        // The e-mail's budget is spent: even the right password waits.
        const blocked = await signIn(user.email, PASSWORD);
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
        // Five failures from this address: another e-mail is refused too.
        const fromAddress = await signIn('someone@example.com', PASSWORD);
        expect(fromAddress.status).toBe(429);
        server.clock.now += 15 * 60_000;
        expect((await signIn(user.email, PASSWORD)).status).toBe(200);
      } finally {
        await server.stop();
      }
    });
  }
});

describe('the logs', () => {
  const logLines: string[] = [];
  const server = useTestServer({ logLines, logLevel: 'trace' });

  it('hold nothing of a password, a session value or a CSRF token', async () => {
    const setUp = await call(server, 'POST', '/api/v2/setup', {
      body: { name: 'Ada', email: 'ada@example.com', password: PASSWORD },
    });
    const session = sessionOf(setUp);
    await call(server, 'GET', '/api/v2/session', { session });
    await call(server, 'POST', '/api/v2/session', { body: { email: 'ada@example.com', password: `${PASSWORD}!` } });
    await call(server, 'DELETE', '/api/v2/session', { session });
    expect(logLines.length).toBeGreaterThan(4);
    const logs = logLines.join('\n');
    for (const secret of [PASSWORD, session.value, session.csrfToken]) expect(logs).not.toContain(secret);
  });
});
