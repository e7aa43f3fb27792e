import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { buildDashboard } from '../support/dashboard-build.ts';
import { startTestServer } from '../support/server.ts';

// The dashboard's build: what the first screen costs a browser, and the build `npm ci` makes (the root `prepare`)
// served where the server looks by default.

const DASHBOARD = join(import.meta.dirname, '../../../dashboard');

/** The files index.html loads at once: its entry script and the chunks it names for preloading. */
function firstScreenScripts(dir: string): string[] {
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  return [...page.matchAll(/(?:src|href)="\/dashboard\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
}

// The budget of the dashboard's first screen is 150 KB of gzipped JavaScript; docs/dashboard.md has today's figure.
it('loads the first screen with at most 150 KB of gzipped JavaScript, every file named by its hash', async () => {
  const dir = await buildDashboard();
  const scripts = firstScreenScripts(dir);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toMatch(/^assets\/[\w-]+-[\w-]{8}\.js$/);
  const gzipped = scripts.reduce((total, script) => total + gzipSync(readFileSync(join(dir, script))).length, 0);
  expect(gzipped).toBeLessThanOrEqual(150 * 1024);
  // The passkey helpers load when a passkey is used, not with the first screen.
  for (const script of scripts)
    expect(readFileSync(join(dir, script), 'utf8')).not.toContain('navigator.credentials.create');
  // Nor does Leaflet: only a store's screen loads it, for its map.
  for (const script of scripts) expect(readFileSync(join(dir, script), 'utf8')).not.toContain('Leaflet');
});

it('serves at /dashboard the build npm ci made, where the server looks without DASHBOARD_DIR', async () => {
  const server = await startTestServer();
  try {
    const served = await fetch(`${server.url}/dashboard`);
    expect(served.status, 'packages/dashboard/dist is missing: run npm run build -w @locator/dashboard').toBe(200);
    expect(await served.text()).toBe(readFileSync(join(DASHBOARD, 'dist', 'index.html'), 'utf8'));
  } finally {
    await server.stop();
  }
});
