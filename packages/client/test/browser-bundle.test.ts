import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('the built package in a browser', () => {
  it('bundles for the browser platform without Node built-ins or Node globals', async () => {
    const result = await build({
      // Imported by name, as an app would: resolved through `exports` to the built JavaScript (`npm run build`).
      stdin: {
        contents: "export { V1Client, V2Client, LocatorApiError } from '@locator/client';",
        resolveDir: packageDir,
        loader: 'js',
      },
      absWorkingDir: packageDir,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    // What an app bundles is dist/, not the TypeScript sources.
    const inputs = Object.keys(result.metafile.inputs).filter((input) => input !== '<stdin>');
    expect(inputs).toContain('dist/index.js');
    expect(inputs.filter((input) => !input.startsWith('dist/'))).toEqual([]);
    const code = result.outputFiles.map((file) => file.text).join('\n');
    expect(code).toMatch(/V2Client = class/);
    // A Node-only dependency would show as a require, an import of a built-in or a Node global.
    expect(code).not.toMatch(/\brequire\(|from ["']node:|\bprocess\.|\bBuffer\b/);
  });
});
