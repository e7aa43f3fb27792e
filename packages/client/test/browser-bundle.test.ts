import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the client core in a browser', () => {
  it('bundles for the browser platform without Node built-ins or Node globals', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles.map((file) => file.text).join('\n');
    expect(code).toMatch(/V2Client = class/);
    // A Node-only dependency would show as a require, an import of a built-in or a Node global.
    expect(code).not.toMatch(/\brequire\(|from ["']node:|\bprocess\.|\bBuffer\b/);
  });
});
