// The worker thread that checkpoints a SQLite database's write-ahead log on its own connection, so the page copies
// and fsyncs of a checkpoint never stall the server's event loop (see background-checkpoints.ts, which starts it).
// Plain JavaScript: it runs as it is from the sources (tsx) and from beside the bundle, where the build copies it.
import { readSync } from 'node:fs';
import { endianness } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {{ path: string, walIndexFd: number, pollMs: number, batchFrames: number, nearFrames: number }} */
const { path, walIndexFd, pollMs, batchFrames, nearFrames } = workerData;
if (!parentPort) throw new Error('checkpoint.worker.mjs runs as a worker thread');
const parent = parentPort;

/** @type {import('better-sqlite3').Database | undefined} */
let connection;
/** @type {import('better-sqlite3').Statement | undefined} */
let checkpointStatement;
/** @type {NodeJS.Timeout | undefined} */
let timer;
const header = Buffer.alloc(100);
const WAL_INDEX_VERSION = 3007000;
const littleEndian = endianness() === 'LE';

/**
 * The WAL's frame count and how many of them are already copied into the database, from the wal-index header at
 * the start of the `-shm` file (https://www.sqlite.org/walformat.html: native byte order; iVersion at 0, mxFrame at
 * 16, nBackfill at 96). Reading it costs one pread and no lock; a torn read only makes one decision early or late.
 * Undefined when the header is not one this code knows, which makes every poll checkpoint.
 */
function readWalIndex() {
  readSync(walIndexFd, header, 0, header.length, 0);
  const read = (offset) => (littleEndian ? header.readUInt32LE(offset) : header.readUInt32BE(offset));
  if (read(0) !== WAL_INDEX_VERSION) return undefined;
  return { frames: read(16), backfilled: read(96) };
}

/** PASSIVE copies what it can without waiting for any lock, so the serving connection never waits for it. */
function checkpoint() {
  if (!checkpointStatement) {
    connection = new SQLite(path, { fileMustExist: true });
    // The checkpoint syncs the log before copying and the database after; with synchronous=OFF it would do neither.
    connection.pragma('synchronous = NORMAL');
    checkpointStatement = connection.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  }
  return /** @type {{ busy: number, log: number, checkpointed: number }} */ (checkpointStatement.get());
}

/**
 * Checkpoints once `batchFrames` wait: the batch SQLite's own autocheckpoint makes, so the disk does the same work
 * as before. Smaller batches would move cost back to the event loop: after a checkpoint that caught up, the next
 * commit starts the log over and waits for an fsync of its header (about 0.7 ms). Under steady writes no checkpoint
 * of this thread catches up (commits land while it copies), so the log only starts over after the serving
 * connection's own checkpoint at its limit; near that limit this keeps going while it makes progress, so that one
 * finds little left to copy.
 */
function poll() {
  let again = pollMs;
  try {
    const wal = readWalIndex();
    const waiting = wal ? wal.frames - wal.backfilled : Number.POSITIVE_INFINITY;
    const near = wal !== undefined && wal.frames >= nearFrames;
    if (waiting >= batchFrames || (near && waiting > 0)) {
      const result = checkpoint();
      if (near && wal && result.checkpointed > wal.backfilled) again = 0;
    }
  } catch (error) {
    // Busy or locked: another checkpoint runs or the database is being recovered; the next poll tries again.
    const { code, message } = /** @type {{ code?: unknown, message?: unknown }} */ (error ?? {});
    if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') parent.postMessage({ failed: String(message ?? error), code: String(code ?? '') });
  }
  timer = setTimeout(poll, again);
}

parent.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  connection?.close();
  // With the port closed and no timer left, the thread ends.
  parent.close();
});
timer = setTimeout(poll, pollMs);
