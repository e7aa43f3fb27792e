import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { call, createAccount, startTestServer, useTestServer } from '../support/server.ts';
import { servicesOn } from '../support/services.ts';

const server = useTestServer();

describe('the HTTP foundation', () => {
  it('answers every response with a request ID, keeping a sane one given by the caller', async () => {
    const generated = await call(server, 'GET', '/api/v2/user');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await call(server, 'GET', '/api/v2/user', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const unsafe = await call(server, 'GET', '/api/v2/user', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(unsafe.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await call(server, 'GET', '/api/v2/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toEqual({ message: expect.any(String) });
  });

  it('answers a URL the router refuses in the usual error shape, with a request ID', async () => {
    const account = await createAccount(server);
    const broken = await call(server, 'GET', '/api/v2/projects/%E0%A4%A/locations', { token: account.token.token });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: expect.stringContaining('malformed') });
    expect(broken.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Longer than any ID the service issues: not found, like any other unknown ID.
    const overlong = await call(server, 'GET', `/api/v2/projects/${'x'.repeat(150)}/locations`, {
      token: account.token.token,
    });
    expect(overlong.status).toBe(404);
    expect(overlong.body).toEqual({ message: expect.any(String) });
    expect(overlong.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const v1 = await call(server, 'GET', `/api/locations/${'9'.repeat(150)}`, { token: account.legacyToken.token });
    expect([v1.status, Object.keys(v1.body)]).toEqual([404, ['message']]);
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const response = await call(server, 'DELETE', '/api/v2/user');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(response.body.message).toMatch(/not allowed/);
  });

  it('asks for a bearer token with 401 and WWW-Authenticate', async () => {
    const response = await call(server, 'GET', '/api/v2/user', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('serves the V2 and V1 OpenAPI documents and the reference page', async () => {
    const v2 = await call(server, 'GET', '/api/v2/openapi.json');
    expect(v2.status).toBe(200);
    expect(v2.body.openapi).toBe('3.1.0');
    expect(Object.keys(v2.body.paths)).toContain('/api/v2/user');
    expect(Object.keys(v2.body.paths).every((path: string) => path.startsWith('/api/v2/'))).toBe(true);
    const v1 = await call(server, 'GET', '/api/openapi.json');
    expect(v1.status).toBe(200);
    expect(Object.keys(v1.body.paths).some((path: string) => path.startsWith('/api/v2/'))).toBe(false);
    const docs = await fetch(`${server.url}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('<html');
  });

  it("serves the reference page's files and its own copy of the documents, as the page asks for them", async () => {
    const style = await fetch(`${server.url}/docs/static/swagger-ui.css`);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toMatch(/text\/css/);
    expect((await style.text()).length).toBeGreaterThan(1000);
    const json = await call(server, 'GET', '/docs/json');
    expect(json.status).toBe(200);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/v2/user', '/api/locations']));
    expect((await fetch(`${server.url}/docs/static/no-such-file.js`)).status).toBe(404);
  });
});

describe('GET /api/v2/user and /api/v2/projects', () => {
  it('reads the profile of the token owner', async () => {
    const account = await createAccount(server);
    const response = await call(server, 'GET', '/api/v2/user', { token: account.token.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        id: account.user.public_id,
        name: account.user.name,
        email: account.user.email,
        created_at: account.user.created_at,
      },
    });
    expect(response.body.data.created_at).toMatch(/Z$/);
  });

  it('lists the owner’s projects with plan, API access and counts', async () => {
    const account = await createAccount(server, { plan: 'plus' });
    const response = await call(server, 'GET', '/api/v2/projects', { token: account.token.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        id: account.project.public_id,
        name: account.project.name,
        plan: 'plus',
        api_access: false,
        personal: true,
        role: 'owner',
        locations_count: 0,
        created_at: account.project.created_at,
        updated_at: account.project.updated_at,
      },
    ]);
  });

  it('refuses an unknown, malformed, revoked, expired or rotated-away token with 401 and WWW-Authenticate: Bearer', async () => {
    const account = await createAccount(server);
    const { db } = server.database;
    const revoked = await servicesOn(db).accounts.createToken({ email: account.user.email, name: 'revoked' });
    await servicesOn(db).accounts.revokeToken(revoked.row.public_id);
    const expiring = await servicesOn(db).accounts.createToken({
      email: account.user.email,
      name: 'expiring',
      expiresInMs: 60_000,
    });
    const working = await call(server, 'GET', '/api/v2/user', { token: expiring.token });
    expect(working.status).toBe(200);
    const oldLegacy = account.legacyToken.token;
    await servicesOn(db).accounts.rotateLegacyToken(account.user.email);
    // The expiry was set from the real clock; move the server's clock past it from there.
    server.clock.now = Date.now() + 61_000;
    const attempts: [string, string, Record<string, string>][] = [
      ['unknown', '/api/v2/user', { authorization: `Bearer ${account.token.token.slice(0, -4)}abcd` }],
      ['malformed', '/api/v2/user', { authorization: `Token ${account.token.token}` }],
      ['revoked', '/api/v2/user', { authorization: `Bearer ${revoked.token}` }],
      ['expired', '/api/v2/user', { authorization: `Bearer ${expiring.token}` }],
      ['rotated away', '/api/locations', { authorization: `Bearer ${oldLegacy}` }],
    ];
    for (const [label, path, headers] of attempts) {
      const response = await call(server, 'GET', path, { headers });
      expect([label, response.status, response.headers.get('www-authenticate'), Object.keys(response.body)]).toEqual([
        label,
        401,
        'Bearer',
        ['message'],
      ]);
    }
  });

  it('refuses the legacy token on V2 with 401', async () => {
    const account = await createAccount(server);
    const response = await call(server, 'GET', '/api/v2/user', { token: account.legacyToken.token });
    expect(response.status).toBe(401);
  });
});

describe('an unexpected failure', () => {
  it('answers 500 with the request ID and no internals', async () => {
    const broken = await startTestServer();
    try {
      const account = await createAccount(broken);
      // Renamed rather than dropped: PostgreSQL refuses to drop a table others reference, SQLite knows no cascade.
      await sql`alter table locations rename to locations_gone`.execute(broken.database.db);
      const response = await call(broken, 'GET', `/api/v2/projects/${account.project.public_id}/locations`, {
        token: account.token.token,
      });
      expect(response.status).toBe(500);
      expect(response.body.request_id).toBe(response.headers.get('x-request-id'));
      expect(response.text).not.toMatch(/locations|sqlite|stack|\.ts/i);
    } finally {
      await broken.stop();
    }
  });
});
