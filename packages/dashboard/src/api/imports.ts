import type {
  ColumnMap,
  FileFormat,
  Import,
  ImportChange,
  ImportMapping,
  ImportMatch,
  ImportPreview,
  ImportSummary,
} from '@locator/client';
import { api } from './client.ts';

export type { ColumnMap, FileFormat, Import, ImportChange, ImportMapping, ImportMatch, ImportPreview, ImportSummary };

/** Every format an export is written in, in the order offered. */
export const EXPORT_FORMATS: readonly FileFormat[] = ['csv', 'xlsx', 'geojson', 'ndjson'];

/** The format of a file by its name's ending; undefined for one the import does not read. */
export function formatOfFile(name: string): FileFormat | undefined {
  const ending = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ending === 'csv' || ending === 'tsv' || ending === 'txt') return 'csv';
  if (ending === 'xlsx') return 'xlsx';
  if (ending === 'geojson' || ending === 'json') return 'geojson';
  if (ending === 'ndjson' || ending === 'jsonl') return 'ndjson';
  return undefined;
}

export const previewImport = (projectId: string, file: Blob, format: FileFormat): Promise<ImportPreview> =>
  api.imports.preview(projectId, file, format);

export const startImport = (
  projectId: string,
  file: Blob,
  options: { format: FileFormat; dryRun: boolean; match: ImportMatch; columns: ColumnMap; fileName: string },
): Promise<{ id: string }> => api.imports.start(projectId, file, options);

export const getImport = (projectId: string, importId: string): Promise<Import> => api.imports.get(projectId, importId);

export const listImports = (projectId: string): Promise<ImportSummary[]> => api.imports.list(projectId, { limit: 10 });

/** The first lines of an import's diff (at most 500; the report counts them all). */
export async function importChanges(projectId: string, importId: string): Promise<ImportChange[]> {
  return (await api.imports.changes(projectId, importId, { limit: 500 })).data;
}

export const importMapping = (projectId: string): Promise<ImportMapping> => api.imports.mapping(projectId);

export const saveImportMapping = (
  projectId: string,
  body: { columns: ColumnMap; match: ImportMatch },
): Promise<ImportMapping> => api.imports.saveMapping(projectId, body);

/** The address of an import's failed rows as CSV: a link the browser downloads with the session. */
export const failedRowsHref = (projectId: string, importId: string): string =>
  api.imports.failedRowsPath(projectId, importId);

/** The address of the project's locations as a file of `format`. */
export const exportHref = (projectId: string, format: FileFormat): string =>
  `/api/v2/projects/${encodeURIComponent(projectId)}/locations/export?format=${format}`;
