import { describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// The log of every request: nothing secret in it, whatever a client puts in the URL.

const logLines: string[] = [];
const server = useTestServer({ logLines, logLevel: 'info' });

const loggedUrls = () =>
  logLines
    .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
    .filter((entry) => entry.msg === 'incoming request')
    .map((entry) => entry.req?.url);

describe('the request log', () => {
  it('holds no token sent in the query or the path, nor any parameter named like a credential', async () => {
    const account = await createAccount(server);
    const token = account.token.token;
    const { key } = await server.services.finder.keys.create({
      owner: { project: refOfProject(account.project) },
      origins: [],
    });
    logLines.length = 0;
    expect((await call(server, 'GET', `/api/v2/user?token=${token}`)).status).toBe(401);
    expect((await call(server, 'GET', `/api/v2/user?access_token=${token}&page=2`)).status).toBe(401);
    expect((await call(server, 'GET', `/api/locations?api_token=${account.legacyToken.token}`)).status).toBe(401);
    expect((await call(server, 'GET', `/api/v2/${token}`)).status).toBe(404);
    expect(
      (await call(server, 'GET', `/api/v2/user?q=${encodeURIComponent(`Bearer ${token}`)}`, { token })).status,
    ).toBe(200);
    expect((await call(server, 'GET', '/api/v2/user?password=hunter2&secret=s3cr3t')).status).toBe(401);
    expect((await call(server, 'GET', `/api/public/v1/config?key=${key}`)).status).toBe(200);

    const log = logLines.join('\n');
    for (const secret of [token, token.slice(5), account.legacyToken.token.slice(5), 'hunter2', 's3cr3t'])
      expect(log).not.toContain(secret);
    expect(loggedUrls()).toEqual([
      '/api/v2/user?token=[REDACTED]',
      '/api/v2/user?access_token=[REDACTED]&page=2',
      '/api/locations?api_token=[REDACTED]',
      '/api/v2/lct2_[REDACTED]',
      '/api/v2/user?q=Bearer%20lct2_[REDACTED]',
      '/api/v2/user?password=[REDACTED]&secret=[REDACTED]',
      // A publishable key is public: the log may tell which site asked.
      `/api/public/v1/config?key=${key}`,
    ]);
  });
});
