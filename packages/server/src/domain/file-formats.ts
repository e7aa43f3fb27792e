/** The file formats of imports and exports. */
export const FILE_FORMATS = ['csv', 'xlsx', 'geojson', 'ndjson'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** Each format's media type, as a request names it and an export answers with it. */
export const MEDIA_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  geojson: 'application/geo+json',
  ndjson: 'application/x-ndjson',
};

/** The file name extensions that name a format (a CLI's file). */
const EXTENSIONS = new Map<string, FileFormat>([
  ['csv', 'csv'],
  ['tsv', 'csv'],
  ['txt', 'csv'],
  ['xlsx', 'xlsx'],
  ['geojson', 'geojson'],
  ['json', 'geojson'],
  ['ndjson', 'ndjson'],
  ['jsonl', 'ndjson'],
]);

/**
 * The format a file name's extension says, if it says one.
 * @example formatOfFileName('stores.XLSX') // "xlsx"
 */
export function formatOfFileName(name: string): FileFormat | undefined {
  return EXTENSIONS.get(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
}

/** The largest import file taken unless `IMPORT_MAX_BYTES` says otherwise: 50 MiB. */
export const DEFAULT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
