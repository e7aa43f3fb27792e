import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from '../support/server.ts';

// The dashboard's files as the server serves them, from a build of its own in a temporary folder (the real build is
// driven in a browser by test/system/dashboard.browser.test.ts): one page at every address under /dashboard, hashed
// assets kept for a year, the page asked for again each time, and a policy that lets in no script but its own.

const build = mkdtempSync(join(tmpdir(), 'locator-dashboard-'));
mkdirSync(join(build, 'assets'));
const PAGE = '<!doctype html><html lang="en"><script type="module" src="/dashboard/assets/index-Ab12_c.js"></script>';
writeFileSync(join(build, 'index.html'), PAGE);
writeFileSync(join(build, 'assets', 'index-Ab12_c.js'), 'console.log("dashboard");');
writeFileSync(join(build, 'assets', 'index-Xy34.css'), 'body{margin:0}');
writeFileSync(join(build, 'secret.txt'), 'not served');

const server = useTestServer({ env: { DASHBOARD_DIR: build } });
const get = (path: string, headers: Record<string, string> = {}) => call(server, 'GET', path, { headers });

describe('GET /dashboard and every address below it', () => {
  it('answers the page, revalidated on every visit, with its security headers', async () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/sign-in', '/dashboard/projects/prj_1/team']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toBe(PAGE);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('answers 304 to a copy that is current', async () => {
    const first = await get('/dashboard/account');
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await get('/dashboard/tokens', { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});

describe('GET /dashboard/assets/{file}', () => {
  it('answers a hashed asset with its media type, kept for a year', async () => {
    const script = await get('/dashboard/assets/index-Ab12_c.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('console.log("dashboard");');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const style = await get('/dashboard/assets/index-Xy34.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers 404, not the page, for an asset that is not there, and reaches nothing outside the build', async () => {
    for (const path of [
      '/dashboard/assets/index-gone.js',
      '/dashboard/assets/..%2Fsecret.txt',
      '/dashboard/assets/..%2F..%2Findex.html',
      '/dashboard/assets/index.html',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).not.toContain('not served');
      expect(answer.text, path).not.toContain('<!doctype html>');
    }
  });
});

describe('GET /dashboard without a build', () => {
  const unbuilt = useTestServer({ env: { DASHBOARD_DIR: mkdtempSync(join(tmpdir(), 'locator-dashboard-')) } });
  it('answers 503 saying how to build it', async () => {
    const answer = await call(unbuilt, 'GET', '/dashboard/sign-in');
    expect(answer.status).toBe(503);
    expect(answer.body.message).toContain('npm run build -w @locator/dashboard');
  });
});
