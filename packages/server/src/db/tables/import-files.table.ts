/** The file of an import that has not ended, so that whichever process takes the import up can read it. */
export interface ImportFilesTable {
  import_id: number;
  content: Buffer;
}
