/** A file that cannot be read as its format at all (not text, not a workbook, not JSON): the whole import fails. */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}
