/**
 * The file of an import that has not ended, in parts in order, so that whichever process takes the import up can read
 * it.
 */
export interface ImportFilesTable {
  import_id: number;
  /** 0, 1, 2, ...: each part 1 MiB but the last. */
  part: number;
  content: Buffer;
}
