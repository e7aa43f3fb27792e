// The thread an import's file is read in (`readRowsInWorker`): it reads the file it is handed and posts its rows in
// batches, a batch ahead of what the import has taken at most, so neither side holds more than a few batches.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import type { FileRow } from '../domain/import-row.ts';
import { readRows } from './formats.ts';
import type { FromReader, ReaderInput } from './reader-messages.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/** Rows a batch holds at most, and about how many characters of cells. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4 * 1024 * 1024;
/** Batches posted before the import asks for more. */
const AHEAD = 2;

// Errors here become messages, never stacks in a log; and csv-parse builds an error object (a stack each) for every
// row whose cell count differs from the header's: without stacks that costs a fifth.
Error.stackTraceLimit = 0;

const port = parentPort;
if (!port) throw new Error('file-reader.worker.ts runs as a worker thread');
const { format, content, bounds } = workerData as ReaderInput;

let credit = AHEAD;
port.on('message', () => {
  credit += 1;
});
const post = async (message: FromReader) => {
  while (credit === 0) await once(port, 'message');
  credit -= 1;
  port.postMessage(message);
};

const charsOf = (row: FileRow) =>
  row.cells.reduce<number>((sum, cell) => sum + (typeof cell === 'string' ? cell.length : 16), 0);

try {
  const source = readRows(format, Buffer.from(content.buffer, content.byteOffset, content.byteLength), bounds);
  let rows: FileRow[] = [];
  let chars = 0;
  for await (const row of source.rows) {
    rows.push(row);
    chars += charsOf(row);
    if (rows.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
      await post({ type: 'rows', rows, fractionRead: source.fractionRead() });
      rows = [];
      chars = 0;
    }
  }
  if (rows.length > 0) await post({ type: 'rows', rows, fractionRead: 1 });
  port.postMessage({ type: 'end' } satisfies FromReader);
} catch (error) {
  port.postMessage(
    (error instanceof UnreadableFileError
      ? { type: 'unreadable', message: error.message }
      : {
          type: 'failed',
          message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }) satisfies FromReader,
  );
}
