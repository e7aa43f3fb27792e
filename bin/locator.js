#!/usr/bin/env node
// The CLI runs the server's build (`npm run build`) when it was made from the current sources, which starts in about
// half the time; otherwise the TypeScript sources directly through tsx, so `npx locator` works right after `npm ci`.
import { freshBuild } from '../scripts/server-build.mjs';

const build = freshBuild();
if (build) {
  // Source maps stay off unless asked for (NODE_OPTIONS=--enable-source-maps): reading them costs a tenth of the start.
  await import(build);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../packages/server/src/cli/main.ts');
}
