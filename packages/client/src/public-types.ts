import type { paths } from './generated/public.ts';
import type { Operation, QueryParameters, RequestBody, SuccessBody } from './operations.ts';

// Every type here is read from the generated document of the public store-finder API, so it changes when the
// server's schemas change; the store-finder widget (packages/widget) is typed by them too.

type Get<P extends keyof paths> = Operation<paths, P, 'get'>;

export type PublicPaths = paths;
/** `GET /api/public/v1/search`: the nearest visible locations and where they were measured from. */
export type SearchAnswer = SuccessBody<Get<'/api/public/v1/search'>>;
/** One result of a search: the public fields with `distance`, `status` and the special hours of the next 30 days. */
export type PublicLocation = SearchAnswer['data'][number];
export type SearchQuery = QueryParameters<Get<'/api/public/v1/search'>>;
/** `GET /api/public/v1/config`: what a finder needs before its first search. */
export type FinderConfig = SuccessBody<Get<'/api/public/v1/config'>>['data'];
/** `GET /api/public/v1/locations`: every visible location as a GeoJSON point. */
export type PinCollection = SuccessBody<Get<'/api/public/v1/locations'>>;
/** `POST /api/public/v1/events`: a visitor's action with a location, as `navigator.sendBeacon` sends it. */
export type VisitorEvent = RequestBody<Operation<paths, '/api/public/v1/events', 'post'>>;
