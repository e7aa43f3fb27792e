import { Worker } from 'node:worker_threads';
import { FILE_BOUND_SETTINGS, type FileBounds } from '../domain/file-bounds.ts';
import type { FileFormat } from '../domain/file-formats.ts';
import type { FileRow } from '../domain/import-row.ts';
import type { FromReader, ReaderInput } from './reader-messages.ts';
import type { RowSource } from './row-source.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * The reader's entry: the TypeScript source (through tsx) where this module runs from source, the built file beside
 * the bundle where it runs from `npm run build` (scripts/server-build.mjs builds every `*.worker.ts`).
 */
function readerEntry(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { url: new URL('./file-reader.worker.ts', import.meta.url), execArgv: ['--import', import.meta.resolve('tsx')] }
    : { url: new URL('./file-reader.worker.mjs', import.meta.url), execArgv: [] };
}

/** An error the reading thread ended with, as the import's reason. */
function reasonOfExit(error: Error, bounds: FileBounds): Error {
  if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new UnreadableFileError(
      `Reading the file took more than the ${bounds.readerMemoryMb} MB of memory an import's reader may use (${FILE_BOUND_SETTINGS.readerMemoryMb}).`,
    );
  return error;
}

/**
 * Reads an import file as `readRows` does, in a thread of its own (`file-reader.worker.ts`), so the event loop that
 * serves requests never parses: the rows come over in batches, one or two ahead of the consumer. The thread's memory
 * is bounded (`bounds.readerMemoryMb`): a file that would take more fails its import, and the process goes on. The
 * thread ends with the rows, or when the consumer stops iterating.
 */
export function readRowsInWorker(format: FileFormat, content: Buffer, bounds: FileBounds): RowSource {
  let fractionRead = 0;
  // The thread gets the file: moved (this one's copy is left empty) where its memory is its own, else copied.
  let file: Buffer | undefined = content;
  async function* rows(): AsyncGenerator<FileRow> {
    const { url, execArgv } = readerEntry();
    const data = file ?? Buffer.alloc(0);
    file = undefined;
    const own = data.byteOffset === 0 && data.buffer.byteLength === data.length && data.length > 0;
    const worker = new Worker(url, {
      workerData: { format, content: data, bounds } satisfies ReaderInput,
      transferList: own ? [data.buffer as ArrayBuffer] : [],
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: bounds.readerMemoryMb },
      stdout: false,
      stderr: false,
    });
    const inbox: FromReader[] = [];
    let failure: Error | undefined;
    let wake: (() => void) | undefined;
    const arrived = () => {
      wake?.();
      wake = undefined;
    };
    worker.on('message', (message: FromReader) => {
      inbox.push(message);
      arrived();
    });
    worker.on('error', (error) => {
      failure = reasonOfExit(error, bounds);
      arrived();
    });
    worker.on('exit', (code) => {
      failure ??= new Error(`The thread reading the file stopped (exit code ${code}) before it ended.`);
      arrived();
    });
    try {
      for (;;) {
        const message = inbox.shift();
        if (!message) {
          if (failure) throw failure;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        if (message.type === 'end') return;
        if (message.type === 'unreadable') throw new UnreadableFileError(message.message);
        if (message.type === 'failed') throw new Error(`The thread reading the file failed: ${message.message}`);
        worker.postMessage('more');
        fractionRead = message.fractionRead;
        yield* message.rows;
      }
    } finally {
      await worker.terminate();
    }
  }
  return { rows: rows(), fractionRead: () => fractionRead };
}
