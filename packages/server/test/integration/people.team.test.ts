import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles.ts';
import { addMember, PASSWORD, type ReceivedMail, sessionOf, startSmtpServer, tokenOfLink } from '../support/people.ts';
import { call, createAccount, signInAs, type TestServer, useTestServer } from '../support/server.ts';

const DAY = 86_400_000;

describe('teams', () => {
  const server = useTestServer();

  /** A project's owner and a member of it with a role, each signed in. */
  async function team(role: Role) {
    const owner = await createAccount(server);
    const member = await createAccount(server);
    await addMember(server, owner.project.id, member.user.id, role);
    return {
      owner,
      member,
      ownerSession: await signInAs(server, owner.user.id),
      memberSession: await signInAs(server, member.user.id),
      members: `/api/v2/projects/${owner.project.public_id}/members`,
      locations: `/api/v2/projects/${owner.project.public_id}/locations`,
    };
  }

  it("lists every project the caller is a member of, with their role; another's personal project is not theirs", async () => {
    const { owner, member, memberSession } = await team('editor');
    const projects = await call(server, 'GET', '/api/v2/projects', { session: memberSession });
    expect(projects.body.data).toEqual([
      expect.objectContaining({ id: owner.project.public_id, role: 'editor', personal: false }),
      expect.objectContaining({ id: member.project.public_id, role: 'owner', personal: true }),
    ]);
  });

  it('lists members; keeps the last owner (409), and lets a second owner take over', async () => {
    const { owner, member, ownerSession, members } = await team('admin');
    const list = await call(server, 'GET', members, { session: ownerSession });
    expect(list.body.data.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
      [owner.user.public_id, 'owner'],
      [member.user.public_id, 'admin'],
    ]);
    const demoteSelf = await call(server, 'PATCH', `${members}/${owner.user.public_id}`, {
      session: ownerSession,
      body: { role: 'admin' },
    });
    expect(demoteSelf.status).toBe(409);
    expect((await call(server, 'DELETE', `${members}/${owner.user.public_id}`, { session: ownerSession })).status).toBe(
      409,
    );
    const promote = await call(server, 'PATCH', `${members}/${member.user.public_id}`, {
      session: ownerSession,
      body: { role: 'owner' },
    });
    expect(promote.body.data).toMatchObject({ user_id: member.user.public_id, role: 'owner' });
    expect((await call(server, 'DELETE', `${members}/${owner.user.public_id}`, { session: ownerSession })).status).toBe(
      200,
    );
    // The former owner is out at once: their project is not found any more.
    expect((await call(server, 'GET', members, { session: ownerSession })).status).toBe(404);
  });

  it('lets only owners manage owners: an admin cannot demote, remove, make or invite one', async () => {
    const { owner, memberSession: admin, members } = await team('admin');
    const editor = await createAccount(server);
    await addMember(server, owner.project.id, editor.user.id, 'editor');
    const answers = [
      await call(server, 'PATCH', `${members}/${owner.user.public_id}`, { session: admin, body: { role: 'viewer' } }),
      await call(server, 'DELETE', `${members}/${owner.user.public_id}`, { session: admin }),
      await call(server, 'PATCH', `${members}/${editor.user.public_id}`, { session: admin, body: { role: 'owner' } }),
      await call(server, 'POST', `/api/v2/projects/${owner.project.public_id}/invitations`, {
        session: admin,
        body: { email: 'boss@example.com', role: 'owner' },
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    const demoted = await call(server, 'PATCH', `${members}/${editor.user.public_id}`, {
      session: admin,
      body: { role: 'viewer' },
    });
    expect(demoted.body.data.role).toBe('viewer');
  });

  it("ends a removed member's sessions and tokens on the project at once", async () => {
    const { member, ownerSession, memberSession, members, locations } = await team('editor');
    expect((await call(server, 'GET', locations, { session: memberSession })).status).toBe(200);
    expect((await call(server, 'GET', locations, { token: member.token.token })).status).toBe(200);
    expect(
      (await call(server, 'DELETE', `${members}/${member.user.public_id}`, { session: ownerSession })).status,
    ).toBe(200);
    expect((await call(server, 'GET', locations, { session: memberSession })).status).toBe(404);
    expect((await call(server, 'GET', locations, { token: member.token.token })).status).toBe(404);
  });

  it("narrows a token to its user's role at the next request: a demoted editor's token loses location:delete", async () => {
    const { member, ownerSession, members, locations } = await team('editor');
    const { token } = await server.services.accounts.createToken({
      email: member.user.email,
      name: 'deleter',
      scopes: ['location:read', 'location:delete'],
    });
    const create = () =>
      call(server, 'POST', locations, {
        session: ownerSession,
        body: { name: 'Shop', city: 'Austin', lat: 1, lng: 2 },
      });
    const first = await create();
    expect((await call(server, 'DELETE', `${locations}/${first.body.data.id}`, { token })).status).toBe(200);
    const second = await create();
    await call(server, 'PATCH', `${members}/${member.user.public_id}`, {
      session: ownerSession,
      body: { role: 'viewer' },
    });
    // No clock move: the token was checked within the last second, and still its user's role applies at once.
    const refused = await call(server, 'DELETE', `${locations}/${second.body.data.id}`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/viewer.*location:delete/);
    expect((await call(server, 'GET', `${locations}/${second.body.data.id}`, { token })).status).toBe(200);
  });
});

describe('invitations', () => {
  const server = useTestServer();

  async function invite(email: string, role: Role = 'editor') {
    const owner = await createAccount(server);
    const session = await signInAs(server, owner.user.id);
    const answer = await call(server, 'POST', `/api/v2/projects/${owner.project.public_id}/invitations`, {
      session,
      body: { email, role },
    });
    expect(answer.status, answer.text).toBe(201);
    return { owner, session, answer, token: tokenOfLink(answer.body.data.invite_url) };
  }

  it('lets a new person make their user with the link once, signed in at once; then the link is spent (410)', async () => {
    const { owner, answer, token, session } = await invite('Grace@Example.com');
    expect(answer.body.data).toMatchObject({ email: 'grace@example.com', role: 'editor' });
    expect(Date.parse(answer.body.data.expires_at) - server.clock.now).toBe(7 * DAY);
    expect(answer.body.data.invite_url).toMatch(new RegExp(`^${server.url}/dashboard/invitation#token=lci_\\w{40}$`));
    const pending = await call(server, 'GET', `/api/v2/projects/${owner.project.public_id}/invitations`, { session });
    expect(pending.body.data).toEqual([expect.not.objectContaining({ invite_url: expect.anything() })]);

    const accepted = await call(server, 'POST', '/api/v2/invitations/accept', {
      body: { token, name: 'Grace Hopper', password: PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.data).toMatchObject({ project_id: owner.project.public_id, role: 'editor' });
    const grace = sessionOf({ ...accepted, body: { data: accepted.body.data.session } });
    const locations = `/api/v2/projects/${owner.project.public_id}/locations`;
    const created = await call(server, 'POST', locations, {
      session: grace,
      body: { name: 'Shop', city: 'Austin', lat: 1, lng: 2 },
    });
    expect(created.status).toBe(201);
    expect(
      (await call(server, 'GET', `/api/v2/projects/${owner.project.public_id}/invitations`, { session: grace })).status,
    ).toBe(403);
    const signIn = await call(server, 'POST', '/api/v2/session', {
      body: { email: 'grace@example.com', password: PASSWORD },
    });
    expect(signIn.status).toBe(200);

    const again = await call(server, 'POST', '/api/v2/invitations/accept', {
      body: { token, name: 'Mallory', password: PASSWORD },
    });
    expect(again.status).toBe(410);
  });

  it('lets a signed-in user join with the link, and refuses it after 7 days (410) or once withdrawn (404)', async () => {
    const joiner = await createAccount(server);
    const joinerSession = await signInAs(server, joiner.user.id);
    const { owner, token } = await invite(joiner.user.email, 'viewer');
    const joined = await call(server, 'POST', '/api/v2/invitations/accept', {
      session: joinerSession,
      body: { token },
    });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.data).toEqual({ project_id: owner.project.public_id, role: 'viewer' });
    const members = await call(server, 'GET', `/api/v2/projects/${owner.project.public_id}/members`, {
      session: joinerSession,
    });
    expect(members.body.data.map((m: { email: string }) => m.email)).toContain(joiner.user.email);

    const late = await invite('late@example.com');
    server.clock.now += 7 * DAY;
    const expired = await call(server, 'POST', '/api/v2/invitations/accept', {
      body: { token: late.token, name: 'Late', password: PASSWORD },
    });
    expect(expired.status).toBe(410);

    const withdrawn = await invite('maybe@example.com');
    const id = withdrawn.answer.body.data.id;
    const path = `/api/v2/projects/${withdrawn.owner.project.public_id}/invitations/${id}`;
    expect((await call(server, 'DELETE', path, { session: withdrawn.session })).status).toBe(200);
    const refused = await call(server, 'POST', '/api/v2/invitations/accept', {
      body: { token: withdrawn.token, name: 'Maybe', password: PASSWORD },
    });
    expect(refused.status).toBe(404);
  });

  it('refuses to invite a member again (409), and a session accepting without its CSRF token (403)', async () => {
    const { owner, session } = await invite('x@example.com');
    const path = `/api/v2/projects/${owner.project.public_id}/invitations`;
    const self = await call(server, 'POST', path, { session, body: { email: owner.user.email, role: 'viewer' } });
    expect(self.status).toBe(409);
    const joiner = await createAccount(server);
    const { token } = await invite(joiner.user.email);
    const joinerSession = await signInAs(server, joiner.user.id);
    const noCsrf = await call(server, 'POST', '/api/v2/invitations/accept', {
      session: joinerSession,
      headers: { 'x-csrf-token': 'wrong' },
      body: { token },
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('invitations by e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mails: ReceivedMail[];
  let stopServer: (() => Promise<void>) | undefined;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mails = smtp.mails;
    const { startTestServer } = await import('../support/server.ts');
    server = await startTestServer({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'Locator <team@locator.test>' } });
    stopServer = () => server.stop();
  });
  afterAll(async () => {
    await stopServer?.();
    await smtp?.stop();
  });

  it('are sent through SMTP_URL with the link, which works', async () => {
    const owner = await createAccount(server);
    const session = await signInAs(server, owner.user.id);
    const answer = await call(server, 'POST', `/api/v2/projects/${owner.project.public_id}/invitations`, {
      session,
      body: { email: 'ada@example.com', role: 'admin' },
    });
    expect(answer.status).toBe(201);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['ada@example.com']);
    expect(mails[0]?.text).toContain(answer.body.data.invite_url);
    const accepted = await call(server, 'POST', '/api/v2/invitations/accept', {
      body: { token: tokenOfLink(mails[0]?.text ?? ''), name: 'Ada', password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
  });
});
