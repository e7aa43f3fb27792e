import { Worker } from 'node:worker_threads';
import type { Database as SqliteConnection } from 'better-sqlite3';
import type { WalIndex } from '../wal-index.ts';

/** Where checkpoint failures are reported; a pino or Fastify logger is one. */
export interface CheckpointLog {
  warn(details: { err: unknown; failures?: number }, message: string): void;
}

export interface BackgroundCheckpoints {
  /** Ends the worker thread after closing its connection; the serving connection stays open. */
  stop(): Promise<void>;
}

/** The serving connection's own checkpoint, a safety net for a worker that lags or fails: about 40 MB of log. */
const SAFETY_NET_FRAMES = 10_000;
/** SQLite's default `wal_autocheckpoint`, which the serving connection goes back to if the worker dies. */
const DEFAULT_AUTOCHECKPOINT_FRAMES = 1_000;
const WORKER_OPTIONS = { pollMs: 100, batchFrames: 1_000, nearFrames: 8_000 };
const WARN_INTERVAL_MS = 60_000;

/**
 * Moves a SQLite file's WAL checkpoints (copying committed pages from the log into the database file, with an
 * fsync of each) from the serving connection's commits to a worker thread with a connection of its own, which reads
 * the connection's WAL index (`openWalIndex`) to know when. The caller closes the index after the connection.
 * @example const checkpoints = startBackgroundCheckpoints(sqlite, openWalIndex(sqlite), { log: app.log })
 */
export function startBackgroundCheckpoints(sqlite: SqliteConnection, walIndex: WalIndex, { log }: { log: CheckpointLog }): BackgroundCheckpoints {
  const worker = new Worker(new URL('./checkpoint.worker.mjs', import.meta.url), {
    workerData: { path: sqlite.name, walIndexFd: walIndex.fd, ...WORKER_OPTIONS },
  });
  // A thread that only keeps the log short must not keep the process alive.
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_FRAMES}`);

  const failures = throttledWarnings(log, Date.now);
  let stopping = false;
  worker.on('message', (message: unknown) => {
    if (isFailure(message)) failures.warn(Object.assign(new Error(message.failed), { code: message.code }));
  });
  worker.on('error', (error) => failures.warn(error));
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      if (!stopping) {
        if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_FRAMES}`);
        log.warn({ err: new Error(`worker exited with code ${code}`) }, 'background WAL checkpoints stopped: the server checkpoints on commit again');
      }
      resolve();
    });
  });

  return {
    async stop() {
      stopping = true;
      // Held while it finishes, so a process with nothing else to do does not exit before the connection closes.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

function isFailure(message: unknown): message is { failed: string; code: string } {
  return typeof message === 'object' && message !== null && 'failed' in message && typeof message.failed === 'string';
}

/** Warns of the first failure, then at most once per interval with the number of failures since the last warning. */
function throttledWarnings(log: CheckpointLog, clock: () => number) {
  let lastWarningAt = Number.NEGATIVE_INFINITY;
  let failures = 0;
  return {
    warn(error: unknown) {
      failures += 1;
      const now = clock();
      if (now - lastWarningAt < WARN_INTERVAL_MS) return;
      log.warn(
        { err: error, failures },
        `background WAL checkpoint failed: the server checkpoints by itself once the log holds ${SAFETY_NET_FRAMES} pages`,
      );
      lastWarningAt = now;
      failures = 0;
    },
  };
}
