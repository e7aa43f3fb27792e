import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startSmtpServer, tokenOfLink } from '../support/people.ts';
import { call, signInAs, startTestServer, type TestServer, useTestServer } from '../support/server.ts';

const NEW_PASSWORD = 'a brand new password';

async function person(server: TestServer, email: string) {
  return server.services.accounts.createUser({ email, name: 'Pat', password: PASSWORD });
}

describe('password reset', () => {
  const server = useTestServer();

  it('sets a new password once with the link, ending every session; the link is then spent (410)', async () => {
    const { user } = await person(server, 'pat@example.com');
    const session = await signInAs(server, user.id);
    const known = await call(server, 'POST', '/api/v2/password-resets', { body: { email: user.email } });
    const unknown = await call(server, 'POST', '/api/v2/password-resets', { body: { email: 'nobody@example.com' } });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.text).toBe(unknown.text);

    const link = await server.services.people.makeResetLink(user.email, server.url);
    expect(link).toMatch(new RegExp(`^${server.url}/dashboard/reset-password#token=lcr_\\w{40}$`));
    const token = tokenOfLink(link ?? '');
    const reset = await call(server, 'POST', '/api/v2/password-resets/confirm', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await call(server, 'GET', '/api/v2/session', { session })).status).toBe(401);
    const signIn = (password: string) =>
      call(server, 'POST', '/api/v2/session', { body: { email: user.email, password } });
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);

    const again = await call(server, 'POST', '/api/v2/password-resets/confirm', {
      body: { token, password: 'yet another password' },
    });
    expect(again.status).toBe(410);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link after its hour (410), an unknown one (404) and a short password (422)', async () => {
    const { user } = await person(server, 'sam@example.com');
    const token = tokenOfLink((await server.services.people.makeResetLink(user.email, server.url)) ?? '');
    const short = await call(server, 'POST', '/api/v2/password-resets/confirm', { body: { token, password: 'short' } });
    expect(short.status).toBe(422);
    server.clock.now += 3_600_000;
    const late = await call(server, 'POST', '/api/v2/password-resets/confirm', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(late.status).toBe(410);
    const unknown = await call(server, 'POST', '/api/v2/password-resets/confirm', {
      body: { token: `lcr_${'x'.repeat(40)}`, password: NEW_PASSWORD },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('password reset by e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('sends the link to a known e-mail only, and the link works', async () => {
    await person(server, 'kim@example.com');
    await call(server, 'POST', '/api/v2/password-resets', { body: { email: 'nobody@example.com' } });
    expect(smtp.mails).toHaveLength(0);
    expect((await call(server, 'POST', '/api/v2/password-resets', { body: { email: 'kim@example.com' } })).status).toBe(
      202,
    );
    expect(smtp.mails.map((mail) => mail.to)).toEqual([['kim@example.com']]);
    const token = tokenOfLink(smtp.mails[0]?.text ?? '');
    const reset = await call(server, 'POST', '/api/v2/password-resets/confirm', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
  });
});
