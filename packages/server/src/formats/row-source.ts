import type { FileRow } from '../domain/import-row.ts';

/** The rows of a file, and how far through the file reading has come (0 to 1). */
export interface RowSource {
  rows: AsyncIterable<FileRow>;
  fractionRead(): number;
}
