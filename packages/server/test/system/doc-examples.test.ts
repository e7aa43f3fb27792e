// Every shell example of README.md and docs/*.md runs as written, in order per file, against a fresh demo server:
// what the README promises a newcomer who pastes them. docs/decisions/ is not read: its records explain choices made
// and hold no commands to run today (the test below fails if one of them gains a shell block, so the choice is
// made again then).
//
// Each file's examples run in one bash (`set -eo pipefail`), block after block, so what one block exports the next
// sees; a command that fails fails the test, naming the file, the block's line and the output since it began. curl
// fails on an HTTP error status (`--fail-with-body`), which a reader would see as an error too. What differs from a
// reader's shell, and why:
// - the addresses: `localhost:8080` is the test server's (on a free port, as tests run side by side), and the
//   webhook receiver's `localhost:9000` and `listen(9000)` another free port;
// - `npx locator` runs `node bin/locator.js`, the file npx runs, without the seconds npx takes to read the workspace;
// - the pages of docs/ start with TOKEN, LEGACY_TOKEN and PROJECT exported, as the README's quick start leaves a
//   reader's shell; the README starts from nothing;
// - the server lets webhooks reach local receivers (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true), as docs/webhooks.md asks
//   of a server that tries them out;
// - files the examples write land in a scratch folder whose entries link to the repository's.
// A block marked `<!-- not run: why -->` (see test/support/doc-examples.ts) is only checked to parse (`bash -n`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { LOCATOR_BIN, runLocator } from '../support/cli.ts';
import { shellExamplesOf } from '../support/doc-examples.ts';
import { freePort } from '../support/ports.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort(),
].map((name) => (name === 'README.md' ? name : `docs/${name}`));
/** Pages whose examples are only checked to parse, with the reason; each should leave this list. */
const PARSED_ONLY: Record<string, string> = {
  'docs/people.md': 'its examples use $BASE, $CSRF and a password that no example before them sets',
};
const FILE_TIMEOUT_MS = 90_000;
/**
 * Commands that would change the repository's installed packages, which the scratch folder links to: a block that
 * holds one must be marked not to run.
 */
const INSTALLS = /\bnpm\s+(ci|install|i|uninstall|update)\b/;

let database: TestDatabase;
let server: ChildServer;
let scratch: string;
let receiverPort: number;
let pageExports: Promise<Record<string, string>> | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startChildServer({ DATABASE_URL: database.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  receiverPort = await freePort();
  scratch = mkdtempSync(join(tmpdir(), 'locator-doc-examples-'));
  for (const entry of readdirSync(ROOT)) {
    if (entry !== '.git' && entry !== 'data') symlinkSync(join(ROOT, entry), join(scratch, entry));
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

it('reads no shell blocks in docs/decisions/', () => {
  const decisions = join(ROOT, 'docs/decisions');
  const withShell = readdirSync(decisions).filter(
    (name) => shellExamplesOf(readFileSync(join(decisions, name), 'utf8')).length > 0,
  );
  expect(withShell).toEqual([]);
});

// The README first (its `npx locator demo` hands out a new legacy token each time), then the pages by name, one
// after another: side by side, the commands of one page (an import, `locator keys`) held SQLite's write lock long
// enough on a busy machine to fail another page's request.
describe.each(DOCUMENTS)('%s', (document) => defineExampleTests(document));

function defineExampleTests(document: string): void {
  const examples = shellExamplesOf(readFileSync(join(ROOT, document), 'utf8'));

  it('has blocks that parse as shell', async () => {
    for (const example of examples) {
      const parsed = await runBash(['-n', '-c', example.code], {});
      expect(parsed.code, `${document}:${example.line} does not parse:\n${parsed.output}`).toBe(0);
    }
  });

  const runnable = examples.filter((example) => example.notRun === null);
  const reason = PARSED_ONLY[document];
  it.skipIf(runnable.length === 0 || reason !== undefined)(
    `runs its ${runnable.length} shell examples in order${reason ? ` (not yet: ${reason})` : ''}`,
    async () => {
      for (const example of runnable) {
        expect(INSTALLS.test(example.code), `${document}:${example.line} installs packages: mark it not run`).toBe(
          false,
        );
      }
      const script = [
        // One stream, in order; each block's marker on a line of its own, whatever the output before it ended with.
        'exec 2>&1',
        'set -eo pipefail',
        'curl() { command curl --silent --show-error --fail-with-body "$@"; }',
        `npx() { if [ "$1" = locator ]; then shift; node ${JSON.stringify(LOCATOR_BIN)} "$@"; else command npx "$@"; fi; }`,
        // Background processes an example starts (a webhook receiver) end with the file's examples.
        "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
        ...runnable.flatMap((example) => [`printf '\\n::example ${example.line}\\n'`, withTestAddresses(example.code)]),
      ].join('\n');
      const ran = await runBash(['-c', script], document === 'README.md' ? {} : await demoExports());
      const failedAt = [...ran.output.matchAll(/^::example (\d+)$/gm)].at(-1);
      const since = failedAt ? ran.output.slice((failedAt.index ?? 0) + failedAt[0].length) : ran.output;
      expect(ran.code, `${document}: the example at line ${failedAt?.[1] ?? '?'} failed:\n${since}`).toBe(0);
      // Every block was reached: a block cannot end the script early with success (`exit 0`).
      expect(failedAt?.[1]).toBe(String(runnable.at(-1)?.line));
    },
    FILE_TIMEOUT_MS,
  );
}

/**
 * The exports of `npx locator demo`, as the README's quick start leaves them in a reader's shell: made once, after
 * the README's examples (whose demo runs hand out a new legacy token), for every page of docs/.
 */
function demoExports(): Promise<Record<string, string>> {
  pageExports ??= runLocator(['demo', '--json'], { env: environment() }).then((demo) => {
    expect(demo.code, demo.stderr).toBe(0);
    const seeded = JSON.parse(demo.stdout);
    return { TOKEN: seeded.token, LEGACY_TOKEN: seeded.legacy_token, PROJECT: seeded.project.id };
  });
  return pageExports;
}

function withTestAddresses(code: string): string {
  return code
    .replaceAll('localhost:8080', `localhost:${new URL(server.url).port}`)
    .replaceAll('localhost:9000', `localhost:${receiverPort}`)
    .replaceAll('listen(9000', `listen(${receiverPort}`);
}

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    DATABASE_URL: database.url,
    PORT: new URL(server.url).port,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Runs bash in the scratch folder in a process group of its own, ended whole afterwards (background jobs too). */
function runBash(args: string[], exports: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', args, { cwd: scratch, env: environment(exports), detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has ended already.
      }
      child.once('close', () => resolve({ code: code ?? -1, output }));
    });
  });
}
