import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V2Client } from '../src/index.ts';
import { seededAccount, startTestServer, type TestServer } from './support/locator.ts';

const run = promisify(execFile);
const example = fileURLToPath(new URL('../examples/sync-from-csv.ts', import.meta.url));
const sampleCsv = fileURLToPath(new URL('../examples/stores.csv', import.meta.url));

let server: TestServer;
let account: Awaited<ReturnType<typeof seededAccount>>;
let workDir: string;

/** Runs the example as a user would, in a process of its own. */
async function sync(csvPath: string): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', example, account.project.public_id, csvPath],
      {
        env: { ...process.env, LOCATOR_URL: server.url, LOCATOR_TOKEN: account.token.token },
      },
    );
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

beforeAll(async () => {
  server = await startTestServer();
  account = await seededAccount(server);
  workDir = mkdtempSync(join(tmpdir(), 'locator-sync-'));
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await server.stop();
});

describe('examples/sync-from-csv.ts against the real server', () => {
  it('creates the rows, then on a second run patches only what changed', async () => {
    const first = await sync(sampleCsv);
    expect(first.stdout).toContain('created 3, updated 0, unchanged 0, failed 0');
    expect(first.code).toBe(0);

    const edited = join(workDir, 'stores.csv');
    writeFileSync(
      edited,
      [
        'name,city,phone,visible',
        'Riverside,Austin,+1 512 555 0199,true',
        '"Main Street, North",Dallas,,',
        'Harbor Outlet,Houston,,true',
        'Nowhere,,,',
      ].join('\n'),
    );
    const second = await sync(edited);
    expect(second.stdout).toContain('created 0, updated 2, unchanged 1, failed 1');
    expect(second.stderr).toContain('line 5: name and city are required');
    expect(second.code).toBe(1);

    const client = new V2Client({ baseUrl: server.url, token: account.token.token });
    const locations = [];
    for await (const location of client.locations(account.project.public_id)) locations.push(location);
    expect(locations.map(({ name, city, phone, visible }) => ({ name, city, phone, visible }))).toEqual([
      { name: 'Riverside', city: 'Austin', phone: '+1 512 555 0199', visible: true },
      { name: 'Main Street, North', city: 'Dallas', phone: '+1 214 555 0102', visible: true },
      { name: 'Harbor Outlet', city: 'Houston', phone: null, visible: true },
    ]);
  });
});
