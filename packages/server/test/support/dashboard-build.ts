import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const DASHBOARD = join(import.meta.dirname, '../../../dashboard');
const VITE = join(import.meta.dirname, '../../../../node_modules/vite/bin/vite.js');

let built: Promise<string> | undefined;

/**
 * The dashboard built from its current sources by its own Vite configuration, into a folder of its own (once per test
 * process), so the browser tests drive what the sources say rather than whatever `dist/` holds.
 */
export function buildDashboard(): Promise<string> {
  built ??= (async () => {
    const out = mkdtempSync(join(tmpdir(), 'locator-dashboard-build-'));
    await promisify(execFile)(
      process.execPath,
      [VITE, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: DASHBOARD,
      },
    );
    return out;
  })();
  return built;
}
