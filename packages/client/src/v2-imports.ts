import { type CallOptions, type HttpClient, sleep } from './http.ts';
import type { FileFormat, Import, ImportAccepted } from './v2-types.ts';

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
    };
    const answer = await this.http.send<{ data: ImportAccepted }>('POST', this.collection(projectId), {
      ...call,
      query,
      file: { content: file, contentType: MEDIA_TYPES[options.format] },
      once: true,
    });
    return answer.data;
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
