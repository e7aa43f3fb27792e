import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { CeilingSpec } from './ceiling-server.ts';
import type { ScanSpec } from './haversine-scan-server.ts';
import type { LoadResult } from './load-result.ts';
import type { LoadJob } from './load-worker.ts';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BENCH_DIR = join(REPO_ROOT, 'bench');
/** Child processes written in TypeScript run through tsx, as the CLI does. */
const TSX = ['--import', 'tsx'];

/** The server under test, running as `node bin/locator.js serve` in a process of its own. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** From spawning the process to the first 200 from `/healthz`. */
  startupMs: number;
  /** The most memory the process has held (VmHWM), or undefined where /proc is not available. */
  peakRssBytes(): number | undefined;
  /** The memory the process holds now (VmRSS), or undefined where /proc is not available. */
  rssBytes(): number | undefined;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  env: Record<string, string>;
  /** A folder for a V8 CPU profile of the whole run (`node --cpu-prof`), written when the server stops. */
  cpuProfileDir?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = sleep(15_000).then(() => child.kill('SIGKILL'));
  await Promise.race([exited(child), timeout]);
  await exited(child);
}

/**
 * Starts the server with `LOG_LEVEL=warn` on a free port of 127.0.0.1 and waits for its first answer.
 * Its output is kept and shown only if it fails to start.
 */
export async function startServerUnderTest(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const started = performance.now();
  const child = spawn(process.execPath, [...profile, 'bin/locator.js', 'serve'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let startupMs: number | undefined;
  while (startupMs === undefined) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} during start-up:\n${output}`);
    if (performance.now() - started > 60_000) {
      await stopProcess(child);
      throw new Error(`the server did not answer /healthz within 60 s:\n${output}`);
    }
    const answered = await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) startupMs = performance.now() - started;
    else await sleep(5);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process has no PID');
  return {
    url,
    pid,
    startupMs,
    peakRssBytes: () => memoryOf(pid, 'VmHWM'),
    rssBytes: () => memoryOf(pid, 'VmRSS'),
    stop: () => stopProcess(child),
  };
}

/**
 * A memory figure of /proc/<pid>/status: VmRSS, the resident set now, or VmHWM, its high-water mark, kept by the
 * kernel, so no peak is missed between samples.
 */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return undefined;
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(status, 'utf8'));
  return match?.[1] ? Number(match[1]) * 1024 : undefined;
}

/** A ceiling server (node:http or Fastify) for one operation, in a process of its own. */
export async function startCeilingServer(spec: CeilingSpec): Promise<{ url: string; stop(): Promise<void> }> {
  const child = fork(join(BENCH_DIR, 'ceiling-server.ts'), [JSON.stringify(spec)], {
    cwd: REPO_ROOT,
    execArgv: TSX,
    stdio: 'inherit',
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with code ${code}`)));
  });
  return { url, stop: () => stopProcess(child) };
}

/** The SQL haversine scan the store finder is compared with (`haversine-scan-server.ts`), in a process of its own. */
export async function startScanServer(spec: ScanSpec): Promise<{ url: string; stop(): Promise<void> }> {
  const child = fork(join(BENCH_DIR, 'haversine-scan-server.ts'), [JSON.stringify(spec)], {
    cwd: REPO_ROOT,
    execArgv: TSX,
    stdio: 'inherit',
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    child.once('exit', (code) => reject(new Error(`the haversine scan server exited with code ${code}`)));
  });
  return { url, stop: () => stopProcess(child) };
}

/** Runs one load job in a fresh load-generator process and returns what it measured. */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = fork(join(BENCH_DIR, 'load-worker.ts'), [], { cwd: REPO_ROOT, execArgv: TSX, stdio: 'inherit' });
  const result = new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (message: LoadResult) => resolve(message));
    child.once('exit', (code) => reject(new Error(`the load generator exited with code ${code} before reporting`)));
  });
  child.send(job);
  try {
    return await result;
  } finally {
    await exited(child);
  }
}
