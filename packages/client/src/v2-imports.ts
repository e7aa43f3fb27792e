import { type CallOptions, type HttpClient, sleep } from './http.ts';
import type {
  ColumnMap,
  FileFormat,
  Import,
  ImportAccepted,
  ImportChangesPage,
  ImportMapping,
  ImportMatch,
  ImportPreview,
  ImportSummary,
} from './v2-types.ts';

/** The media type the server takes each format's file as. */
const MEDIA_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  geojson: 'application/geo+json',
  ndjson: 'application/x-ndjson',
};

export interface ImportOptions {
  format: FileFormat;
  /** Report exactly what the import would do, and change nothing. */
  dryRun?: boolean;
  /** Also delete the project's locations whose `external_id` the file does not name (scope `location:delete`). */
  deleteMissing?: boolean;
  /** All or nothing: one failed row saves no row. */
  atomic?: boolean;
  /** The file's name, which the import keeps (`file_name`). */
  fileName?: string;
  /** How rows without a key find their location (default `external_id`). */
  match?: ImportMatch;
  /** A header to the name of what it sets, or null to skip the column (`preview` suggests one). */
  columns?: ColumnMap;
}

const flag = (on: boolean | undefined) => (on ? '1' : undefined);

/** Bulk imports of a project's locations from a file (scopes `location:create` and `location:update`). */
export class V2Imports {
  constructor(private readonly http: HttpClient) {}

  private collection(projectId: string): string {
    return `/api/v2/projects/${encodeURIComponent(projectId)}/imports`;
  }

  /**
   * Uploads a file and queues its import; answers its ID at once (`wait` follows it to its end). Sent once: the server
   * does not deduplicate uploads, so a lost answer is not made good by a second import.
   */
  async start(
    projectId: string,
    file: Blob | ArrayBuffer | Uint8Array | string,
    options: ImportOptions,
    call?: CallOptions,
  ): Promise<ImportAccepted> {
    const query = {
      dry_run: flag(options.dryRun),
      delete_missing: flag(options.deleteMissing),
      atomic: flag(options.atomic),
      match: options.match,
      columns: options.columns ? JSON.stringify(options.columns) : undefined,
    };
    const answer = await this.http.send<{ data: ImportAccepted }>('POST', this.collection(projectId), {
      ...call,
      query,
      file: {
        content: file,
        contentType: MEDIA_TYPES[options.format],
        ...(options.fileName ? { name: options.fileName } : {}),
      },
      once: true,
    });
    return answer.data;
  }

  /** A file's columns with their first values and the mapping suggested for each; the file is not kept. */
  async preview(
    projectId: string,
    file: Blob | ArrayBuffer | Uint8Array | string,
    format: FileFormat,
    call?: CallOptions,
  ): Promise<ImportPreview> {
    const answer = await this.http.send<{ data: ImportPreview }>('POST', `${this.collection(projectId)}/preview`, {
      ...call,
      file: { content: file, contentType: MEDIA_TYPES[format] },
      once: true,
    });
    return answer.data;
  }

  /** The project's latest imports, newest first. */
  async list(projectId: string, { limit, ...call }: CallOptions & { limit?: number } = {}): Promise<ImportSummary[]> {
    return (
      await this.http.send<{ data: ImportSummary[] }>('GET', this.collection(projectId), { ...call, query: { limit } })
    ).data;
  }

  /** A page of the import's diff: created, updated (with the changed fields) and deleted locations. */
  async changes(
    projectId: string,
    importId: string,
    query: { kind?: ImportChangesPage['data'][number]['kind']; after?: number; limit?: number } = {},
    call?: CallOptions,
  ): Promise<ImportChangesPage> {
    return this.http.send<ImportChangesPage>(
      'GET',
      `${this.collection(projectId)}/${encodeURIComponent(importId)}/changes`,
      { ...call, query },
    );
  }

  /** The address of the import's failed rows as CSV (a GET with the caller's credentials answers the file). */
  failedRowsPath(projectId: string, importId: string): string {
    return `${this.collection(projectId)}/${encodeURIComponent(importId)}/failed-rows`;
  }

  /** The column mapping and match the project's imports remember. */
  async mapping(projectId: string, call?: CallOptions): Promise<ImportMapping> {
    return (
      await this.http.send<{ data: ImportMapping }>(
        'GET',
        `/api/v2/projects/${encodeURIComponent(projectId)}/import-mapping`,
        call,
      )
    ).data;
  }

  /** Remembers a column mapping and match for the project's next imports (replacing the one before). */
  async saveMapping(
    projectId: string,
    body: { columns: ColumnMap; match: ImportMatch },
    call?: CallOptions,
  ): Promise<ImportMapping> {
    return (
      await this.http.send<{ data: ImportMapping }>(
        'PUT',
        `/api/v2/projects/${encodeURIComponent(projectId)}/import-mapping`,
        { ...call, body },
      )
    ).data;
  }

  /** The import's status, progress and, once it has ended, its report. */
  async get(projectId: string, importId: string, options?: CallOptions): Promise<Import> {
    return (
      await this.http.send<{ data: Import }>(
        'GET',
        `${this.collection(projectId)}/${encodeURIComponent(importId)}`,
        options,
      )
    ).data;
  }

  /** Asks for the import every `intervalMs` (default 1 s) until it is `done` or `failed`; answers it then. */
  async wait(
    projectId: string,
    importId: string,
    { intervalMs = 1_000, signal }: CallOptions & { intervalMs?: number } = {},
  ): Promise<Import> {
    for (;;) {
      const current = await this.get(projectId, importId, signal ? { signal } : undefined);
      if (current.status === 'done' || current.status === 'failed') return current;
      await sleep(intervalMs, signal);
    }
  }
}
