import type { paths } from './generated/v2.ts';
import type { Operation, QueryParameters, RequestBody, SuccessBody } from './operations.ts';

// Every type here is read from the generated V2 document, so it changes when the server's schemas change.

type Op<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> = Operation<paths, P, M>;
type LocationsPath = '/api/v2/projects/{project_id}/locations';
type LocationPath = '/api/v2/projects/{project_id}/locations/{location_id}';

export type V2Paths = paths;
export type User = SuccessBody<Op<'/api/v2/user', 'get'>>['data'];
export type Project = SuccessBody<Op<'/api/v2/projects', 'get'>>['data'][number];

/** A V2 location; `hours`, `filters`, `fields` and `callsToAction` are present when asked for (always on writes). */
export type Location = SuccessBody<Op<LocationPath, 'get'>>['data'];
/** One page of the location list: `data`, `links`, `meta`. */
export type LocationPage = SuccessBody<Op<LocationsPath, 'get'>>;
/** Filters, include flags, `sort`, `page` and `limit` of the location list. */
export type LocationListQuery = QueryParameters<Op<LocationsPath, 'get'>>;
/** The include flags of a single read. */
export type LocationReadQuery = QueryParameters<Op<LocationPath, 'get'>>;
/** POST body: `name` and `city` required. */
export type LocationCreate = RequestBody<Op<LocationsPath, 'post'>>;
/** PUT body: as POST; omitted marker and type reset to the project defaults. */
export type LocationReplace = RequestBody<Op<LocationPath, 'put'>>;
/** PATCH body: every key optional; omitted keys keep their values. */
export type LocationPatch = RequestBody<Op<LocationPath, 'patch'>>;

/** The configuration resources of a project, by path segment. */
export type SettingSegment = 'location-types' | 'markers' | 'filters' | 'fields' | 'calls-to-action';
type Assert<Condition extends true> = Condition;
/** Fails to compile when the document lacks the collection or item path of a segment. */
export type SettingPathsExist = Assert<
  [`/api/v2/projects/{project_id}/${SettingSegment}`, `/api/v2/projects/{project_id}/${SettingSegment}/{id}`] extends [keyof paths, keyof paths] ? true : false
>;
type SettingsPath<S extends SettingSegment> = `/api/v2/projects/{project_id}/${S}` & keyof paths;
type SettingPath<S extends SettingSegment> = `/api/v2/projects/{project_id}/${S}/{id}` & keyof paths;

export type SettingItem<S extends SettingSegment> = SuccessBody<Op<SettingsPath<S>, 'get'>>['data'][number];
export type SettingCreate<S extends SettingSegment> = RequestBody<Op<SettingsPath<S>, 'post'>>;
export type SettingPatch<S extends SettingSegment> = RequestBody<Op<SettingPath<S>, 'patch'>>;

export type LocationType = SettingItem<'location-types'>;
export type Marker = SettingItem<'markers'>;
export type Filter = SettingItem<'filters'>;
export type CustomField = SettingItem<'fields'>;
export type CallToAction = SettingItem<'calls-to-action'>;
