import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAccount, startTestServer, type TestServer } from './support/locator.ts';

// What a user of the package gets: the tarball `npm pack` makes, installed into a project outside the workspace,
// used from plain JavaScript by node and from TypeScript by tsc. Needs dist/ built first (`npm test` does it).

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const fixturesDir = fileURLToPath(new URL('./fixtures/packed-consumer/', import.meta.url));
/** The workspace's own compiler, run by absolute path: the consumer project has no TypeScript of its own. */
const tscPath = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
const nodeTypesDir = dirname(dirname(require.resolve('@types/node/package.json')));

interface PackResult {
  filename: string;
  files: { path: string }[];
}

interface ConsumerReport {
  created: string[];
  listed: string[];
  listQueries: { page: string | null; limit: string | null }[];
  error: {
    apiError: boolean;
    locatorError: boolean;
    name: string;
    status: number;
    fieldErrors: Record<string, string[]>;
  };
}

/**
 * The environment of a program run for the consumer project: without the `npm_*` settings of the `npm test -w`
 * that started this run (a child npm would take them as its own, e.g. a workspace the consumer does not have) and
 * without NODE_OPTIONS, so that no TypeScript loader can reach the plain-JavaScript run.
 */
function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE_OPTIONS');
  return { ...Object.fromEntries(inherited), ...extra };
}

/** Runs a command; a failure carries its output, which is where npm and tsc say what went wrong. */
async function runIn(cwd: string, file: string, args: string[], env = consumerEnv()): Promise<string> {
  try {
    return (await run(file, args, { cwd, env })).stdout;
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`, {
      cause: error,
    });
  }
}

/** Every .ts file under src/, relative to it, without the extension. */
function sourceModules(): string[] {
  return readdirSync(join(packageDir, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.replaceAll('\\', '/').replace(/\.ts$/, ''));
}

let workDir: string;
let projectDir: string;
let packedFiles: string[];
let server: TestServer;
let account: Awaited<ReturnType<typeof seededAccount>>;

beforeAll(async () => {
  if (!existsSync(join(packageDir, 'dist', 'index.js')))
    throw new Error('dist/ is missing: run `npm run build -w @locator/client` (`npm test` does)');
  workDir = mkdtempSync(join(tmpdir(), 'locator-packed-'));
  projectDir = join(workDir, 'consumer');
  mkdirSync(projectDir);

  const packAndInstall = async () => {
    // --ignore-scripts: `npm test` has just built dist/; `prepack` would delete and rebuild it under the other test
    // files that read it at the same time.
    const packed = JSON.parse(
      await runIn(packageDir, 'npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', workDir]),
    ) as PackResult[];
    const [result] = packed;
    if (!result) throw new Error('npm pack reported no package');
    packedFiles = result.files.map((file) => file.path).sort();
    writeFileSync(
      join(projectDir, 'package.json'),
      `${JSON.stringify({ name: 'locator-client-consumer', private: true, type: 'module' }, null, 2)}\n`,
    );
    for (const file of ['consumer.mjs', 'consumer.ts']) copyFileSync(join(fixturesDir, file), join(projectDir, file));
    // The client has no runtime dependencies, so the install needs nothing but the tarball. --strict-allow-scripts:
    // the package must not carry an install-time script (a `prepare` would count), or installs that refuse
    // unreviewed scripts fail.
    await runIn(projectDir, 'npm', [
      'install',
      join(workDir, result.filename),
      '--no-audit',
      '--no-fund',
      '--offline',
      '--strict-allow-scripts',
    ]);
  };
  const startServer = async () => {
    server = await startTestServer();
    account = await seededAccount(server);
  };
  await Promise.all([packAndInstall(), startServer()]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the packed @locator/client', () => {
  it('carries package.json, README, LICENSE and the built JavaScript with its declarations, nothing else', () => {
    const required = [
      'package.json',
      'README.md',
      'LICENSE',
      ...sourceModules().flatMap((module) => [`dist/${module}.js`, `dist/${module}.d.ts`]),
    ];
    expect(packedFiles).toEqual([...required].sort());
    expect(
      packedFiles.filter((file) => /^(src|test|scripts|examples|openapi)\//.test(file) || file.endsWith('.map')),
    ).toEqual([]);
    const installed = JSON.parse(
      readFileSync(join(projectDir, 'node_modules', '@locator', 'client', 'package.json'), 'utf8'),
    ) as { license?: string };
    expect(installed.license).toBe('MIT');
  });

  it('works from plain JavaScript in Node against the real server', async () => {
    const stdout = await runIn(
      projectDir,
      process.execPath,
      ['consumer.mjs'],
      consumerEnv({
        LOCATOR_URL: server.url,
        LOCATOR_TOKEN: account.token.token,
        LOCATOR_PROJECT: account.project.public_id,
      }),
    );
    const report = JSON.parse(stdout) as ConsumerReport;
    expect(report.created).toEqual(['Packed One', 'Packed Two', 'Packed Three']);
    expect([...report.listed].sort()).toEqual([...report.created].sort());
    // Two pages of two, each asking for the limit it was given.
    expect(report.listQueries).toEqual([
      { page: '1', limit: '2' },
      { page: '2', limit: '2' },
    ]);
    expect(report.error).toEqual({
      apiError: true,
      locatorError: true,
      name: 'LocatorApiError',
      status: 422,
      fieldErrors: { city: ['is required'] },
    });
  });

  const consumers = [
    // A Node program: Node's types, no DOM.
    { moduleResolution: 'node16', module: 'node16', lib: ['ES2022'], types: ['node'] },
    // A bundled browser app: the DOM, no Node types.
    { moduleResolution: 'bundler', module: 'esnext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] },
  ];
  it.each(consumers)('type-checks a TypeScript consumer with moduleResolution $moduleResolution', async (settings) => {
    const config = join(projectDir, `tsconfig.${settings.moduleResolution}.json`);
    // skipLibCheck stays off, so the package's own declarations are checked too.
    const compilerOptions = { ...settings, typeRoots: [nodeTypesDir], target: 'ES2022', strict: true, noEmit: true };
    writeFileSync(config, `${JSON.stringify({ compilerOptions, files: ['consumer.ts'] }, null, 2)}\n`);
    await runIn(projectDir, process.execPath, [tscPath, '-p', config]);
  });
});
