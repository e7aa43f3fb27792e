import type { paths } from './generated/v1.ts';
import type { Operation, QueryParameters, RequestBody, SuccessBody } from './operations.ts';

// Every type here is read from the generated V1 document, so it changes when the server's schemas change.

export type V1Paths = paths;
/** A V1 location: returned without a `data` wrapper; hours, filters, fields and buttons always included. */
export type V1Location = SuccessBody<Operation<paths, '/api/locations/{id}', 'get'>>;
/** One page of the V1 list: `data`, `links`, `meta`. */
export type V1LocationPage = SuccessBody<Operation<paths, '/api/locations', 'get'>>;
type Assert<Condition extends true> = Condition;
type ServerListQuery = QueryParameters<Operation<paths, '/api/locations', 'get'>>;
/** `page` and `limit` (1 to 100). The server reads them leniently as text; the client sends numbers. */
export type V1LocationListQuery = { page?: number; limit?: number };
/** Fails to compile when the server no longer takes one of the list parameters. */
export type V1ListQueryExists = Assert<keyof V1LocationListQuery extends keyof ServerListQuery ? true : false>;
/** POST body: `name` required. */
export type V1LocationCreate = RequestBody<Operation<paths, '/api/locations', 'post'>>;
/** PUT body: `name` required even when another field changes. */
export type V1LocationUpdate = RequestBody<Operation<paths, '/api/locations/{id}', 'put'>>;
