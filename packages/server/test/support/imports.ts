import { expect } from 'vitest';
import type { TestServer } from './server.ts';
import { call } from './server.ts';
import { readUntil } from './wait.ts';

export const CSV = 'text/csv';
export const NDJSON = 'application/x-ndjson';

export interface ImportCall {
  token: string;
  projectId: string;
  file: string | Buffer;
  contentType?: string;
  /** `dry_run=1`, `delete_missing=1&atomic=1`, ... */
  query?: string;
}

/** Sends a file to the import endpoint as a client does (raw body, its Content-Type); answers the response. */
export async function postImport(
  server: Pick<TestServer, 'url'>,
  { token, projectId, file, contentType = CSV, query = '' }: ImportCall,
): Promise<Response> {
  return fetch(`${server.url}/api/v2/projects/${projectId}/imports${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });
}

/** Polls an import until it has ended; answers its status body's `data`. */
export async function waitForImport(
  server: Pick<TestServer, 'url'>,
  token: string,
  projectId: string,
  importId: string,
  tries = 400,
): Promise<any> {
  const read = async () =>
    (await call(server, 'GET', `/api/v2/projects/${projectId}/imports/${importId}`, { token })).body?.data;
  const ended = await readUntil(read, (data) => data?.status === 'done' || data?.status === 'failed', {
    tries,
    intervalMs: 50,
  });
  expect(ended?.status, JSON.stringify(ended)).toMatch(/^(done|failed)$/);
  return ended;
}

/** Imports a file through the API and waits for its end; answers the import. */
export async function importFile(server: Pick<TestServer, 'url'>, request: ImportCall): Promise<any> {
  const response = await postImport(server, request);
  const body = (await response.json()) as { data?: { id: string } };
  expect(response.status, JSON.stringify(body)).toBe(202);
  return waitForImport(server, request.token, request.projectId, body.data?.id ?? '');
}

/**
 * Everything saved of a project's locations, as text: the project's row (its data version among them), its locations
 * and every row attached to them, and their geocoding jobs. Equal before and after means nothing was written.
 */
export async function projectSnapshot(server: Pick<TestServer, 'database'>, projectId: number): Promise<string> {
  const { db } = server.database;
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).execute();
  const locations = await db
    .selectFrom('locations')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const ids = locations.map((location) => location.id);
  const attached = async (
    table:
      | 'opening_hours'
      | 'location_filters'
      | 'location_field_values'
      | 'location_calls_to_action'
      | 'geocoding_jobs',
  ) =>
    ids.length === 0
      ? []
      : db
          .selectFrom(table as 'location_filters')
          .selectAll()
          .where('location_id', 'in', ids)
          .execute();
  const tables = await Promise.all(
    (
      [
        'opening_hours',
        'location_filters',
        'location_field_values',
        'location_calls_to_action',
        'geocoding_jobs',
      ] as const
    ).map(attached),
  );
  const sorted = tables.map((rows) => rows.map((row) => JSON.stringify(row)).sort());
  return JSON.stringify({ project, locations, sorted });
}
