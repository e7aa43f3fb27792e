import type { FileBounds } from '../domain/file-bounds.ts';
import type { FileFormat } from '../domain/file-formats.ts';
import type { FileRow } from '../domain/import-row.ts';

/** What the thread reading a file starts with. */
export interface ReaderInput {
  format: FileFormat;
  content: Uint8Array;
  bounds: FileBounds;
}

/**
 * What the thread reading a file tells: a batch of rows (and how far through the file it is), the end, or why it
 * stopped: the file is unreadable (the import fails with the message), or an unexpected error.
 */
export type FromReader =
  | { type: 'rows'; rows: FileRow[]; fractionRead: number }
  | { type: 'end' }
  | { type: 'unreadable'; message: string }
  | { type: 'failed'; message: string };
