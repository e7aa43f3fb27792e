import { type TSchema, Type } from 'typebox';

/** Every error body, both versions. */
export const ErrorBody = Type.Object(
  {
    message: Type.String({ description: 'What went wrong, in a sentence.', examples: ['The city field is required.'] }),
    errors: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description: 'Field errors on 422, keyed by field; nested keys use dots (`hours.mon`, `fields.Manager`).',
        examples: [{ city: ['is required'] }],
      }),
    ),
    request_id: Type.Optional(Type.String({ description: 'Present on 500: quote it when reporting the error.' })),
  },
  { description: 'Error body' },
);

export const Timestamp = Type.String({
  format: 'date-time',
  description: 'ISO 8601 UTC',
  examples: ['2026-11-21T12:00:00.000Z'],
});

/** Pagination links; every query parameter the caller gave is kept in them. */
export const PageLinks = Type.Object({
  first: Type.String({ description: 'Absolute URL of page 1' }),
  last: Type.String({ description: 'Absolute URL of the last page' }),
  prev: Type.Union([Type.String(), Type.Null()], { description: 'Previous page, or null on the first' }),
  next: Type.Union([Type.String(), Type.Null()], { description: 'Next page, or null on the last' }),
  self: Type.String({ description: 'This page' }),
});

export const PageMeta = Type.Object({
  current_page: Type.Integer({ examples: [1] }),
  from: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Position of the first item on this page (1-based), null when empty',
  }),
  last_page: Type.Integer({ description: 'At least 1' }),
  path: Type.String({ description: 'Absolute URL of the list, without query' }),
  per_page: Type.Integer(),
  to: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Position of the last item on this page, null when empty',
  }),
  total: Type.Integer(),
});

/** `{"data": T}`: the V2 envelope of a single resource. */
export function DataEnvelope<T extends TSchema>(data: T) {
  return Type.Object({ data });
}

/** `{"data": [T], "links", "meta"}`: the V2 list envelope. */
export function PageEnvelope<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), links: PageLinks, meta: PageMeta });
}

export const SuccessBody = Type.Object({ success: Type.Literal(true) });

/** The standard error responses of an authenticated route, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

/**
 * Builds schema properties for a list of keys, keeping the keys in the type.
 * @example keyed(['mon', 'tue'], () => Type.String()) // { mon: TString, tue: TString }
 */
export function keyed<K extends string, S extends TSchema>(keys: readonly K[], make: (key: K) => S): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, S>;
}

/** The path parameters of a route under one project (`/api/v2/projects/{project_id}/…`). */
export const ProjectParams = Type.Object({
  project_id: Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
});

/** How a V2 route is called: with a V2 API token, or with the session cookie of a signed-in browser. */
export const V2_SECURITY: { [scheme: string]: string[] }[] = [{ apiToken: [] }, { sessionCookie: [] }];
