/**
 * What reading one import file may take. A file past a bound fails its import at once, with a message that names
 * the bound (and the setting that moves it), instead of taking the server's memory or time. Why these and not
 * others: docs/decisions/bulk-import.md.
 */
export interface FileBounds {
  /** Bytes the parts of an XLSX workbook may unpack to, all together (`IMPORT_XLSX_MAX_UNPACKED_BYTES`). */
  xlsxUnpackedBytes: number;
  /** Bytes a workbook's shared strings (`xl/sharedStrings.xml`) may unpack to (`IMPORT_XLSX_MAX_STRINGS_BYTES`). */
  xlsxSharedStringsBytes: number;
  /** Megabytes of memory (JavaScript heap) the thread reading a file may use (`IMPORT_READER_MEMORY_MB`). */
  readerMemoryMb: number;
}

/**
 * The bounds unless the environment says otherwise: the benchmark's 100,000 locations of 31 columns, as a workbook
 * with shared strings (as Excel saves them), unpack to 146 MiB, 38 MiB of them shared strings, and are read in a
 * reader of 512 MB.
 */
export const DEFAULT_FILE_BOUNDS: FileBounds = {
  xlsxUnpackedBytes: 1024 * 1024 * 1024,
  xlsxSharedStringsBytes: 100 * 1024 * 1024,
  readerMemoryMb: 512,
};

/** The setting of each bound, as a message names it. */
export const FILE_BOUND_SETTINGS: Record<keyof FileBounds, string> = {
  xlsxUnpackedBytes: 'IMPORT_XLSX_MAX_UNPACKED_BYTES',
  xlsxSharedStringsBytes: 'IMPORT_XLSX_MAX_STRINGS_BYTES',
  readerMemoryMb: 'IMPORT_READER_MEMORY_MB',
};

/**
 * The longest row of a text file: a CSV record or an NDJSON line. A location's fields come to a few kilobytes;
 * a megabyte is a file that is no list of locations (or lacks its line ends).
 */
export const MAX_ROW_BYTES = 1024 * 1024;

/** The most columns a file's rows may have: a location has about 40 fields, plus a project's own fields. */
export const MAX_COLUMNS = 1000;

/** How deep a JSON row's values may nest: a V2 body nests three levels (special hours). */
export const MAX_JSON_DEPTH = 32;

/**
 * Bytes as a message shows them.
 * @example sizeText(1536 * 1024) // "1.5 MiB"
 */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${+(bytes / 1024 / 1024 / 1024).toFixed(1)} GiB`;
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
