import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  expect(build.builtFingerprint(), 'packages/widget/dist/build.json is missing or stale: run npm run build -w @locator/widget').toBe(build.widgetFingerprint());
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
