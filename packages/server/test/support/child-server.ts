import { type ChildProcess, spawn } from 'node:child_process';
import { LOCATOR_BIN } from './cli.ts';
import { readUntil } from './wait.ts';

const START_TIMEOUT_MS = 30_000;

/** `locator serve` running in a process of its own, as it runs in production. */
export interface ChildServer {
  url: string;
  /** The process's ID (for its memory: /proc/<pid>/status). */
  pid: number;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
  /** `kill -9`: the process dies at once, finishing nothing. */
  crash(): Promise<void>;
}

/**
 * Starts `locator serve` with the given environment on a free port and resolves once it listens and `/readyz`
 * says ready (so its Redis connection is up). The port is read from the server's own start-up log line.
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, [LOCATOR_BIN, 'serve'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => stopChild(child);

  try {
    const url = await listeningUrl(child);
    await waitUntilReady(url);
    return {
      url,
      pid: child.pid ?? 0,
      alive: () => child.exitCode === null && child.signalCode === null,
      stop,
      crash: () => crashChild(child),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let listening = false;
    const timer = setTimeout(() => reject(new Error(`locator serve did not start:\n${output}`)), START_TIMEOUT_MS);
    // The pipes are read to the end, or the child would block once they fill; after start-up the log is dropped.
    const read = (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        listening = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`locator serve exited with ${code}:\n${output}`));
    });
  });
}

async function waitUntilReady(url: string): Promise<void> {
  const readiness = () =>
    fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
  if ((await readUntil(readiness, (status) => status === 200, { tries: 100, intervalMs: 100 })) !== 200)
    throw new Error(`${url} never became ready`);
}

async function crashChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
