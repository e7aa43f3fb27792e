#!/usr/bin/env node
// The CLI runs the TypeScript sources directly through tsx, so `npx locator` works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import('../packages/server/src/cli/main.ts');
