import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { startTestServer } from '../support/server.ts';

// The widget's script the server hands to websites was built from the widget's current sources: a change to them
// without a new build (npm run build -w @locator/widget) fails here, rather than shipping yesterday's widget.

const WIDGET = join(import.meta.dirname, '../../../widget');

interface WidgetBuild {
  widgetFingerprint(): string;
  builtFingerprint(): string | undefined;
}

it('serves at /widget/v1/locator.js the build of the current widget sources', async () => {
  const build = (await import(pathToFileURL(join(WIDGET, 'scripts', 'build.mjs')).href)) as WidgetBuild;
  expect(
    build.builtFingerprint(),
    'packages/widget/dist/build.json is missing or stale: run npm run build -w @locator/widget',
  ).toBe(build.widgetFingerprint());
  // The server as started without WIDGET_DIR, so it also finds the build where it looks by default.
  const server = await startTestServer();
  try {
    const served = await fetch(`${server.url}/widget/v1/locator.js`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(join(WIDGET, 'dist', 'locator.js')))).toBe(true);
  } finally {
    await server.stop();
  }
});

// The budget for the widget's own code: what every host page downloads before a visitor does anything. The
// map (Leaflet and the clustering) is not part of it: it loads only when a map is shown.
it("keeps the widget's own code within 80 KB gzipped, and the map library out of it", () => {
  const script = readFileSync(join(WIDGET, 'dist', 'locator.js'));
  expect(gzipSync(script, { level: 9 }).length).toBeLessThanOrEqual(80 * 1024);
  expect(script.toString('utf8')).not.toContain('leaflet-container');
  expect(readFileSync(join(WIDGET, 'dist', 'map.js'), 'utf8')).toContain('leaflet-container');
});
