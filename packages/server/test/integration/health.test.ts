import { describe, expect, it } from 'vitest';
import { call, useTestServer } from '../support/server.ts';

describe('/healthz and /readyz', () => {
  const server = useTestServer();

  it('reports the process alive', async () => {
    const response = await call(server, 'GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('reports ready when the database answers, with Redis not configured', async () => {
    const response = await call(server, 'GET', '/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } });
  });

  it('needs no token and stays out of the API documents', async () => {
    expect((await call(server, 'GET', '/healthz', { token: 'lct2_wrong' })).status).toBe(200);
    for (const document of ['/api/v2/openapi.json', '/api/openapi.json']) {
      const paths = Object.keys((await call(server, 'GET', document)).body.paths);
      expect(paths).not.toContain('/healthz');
      expect(paths).not.toContain('/readyz');
    }
  });
});

describe('/readyz without a database', () => {
  const server = useTestServer();

  it('answers 503 naming the failing check, while /healthz stays 200', async () => {
    await server.database.close();
    const response = await call(server, 'GET', '/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: 'unavailable',
      checks: { database: 'unreachable', redis: 'not configured' },
    });
    expect((await call(server, 'GET', '/healthz')).status).toBe(200);
  });
});
