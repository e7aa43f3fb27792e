import type {
  CallToAction,
  CustomField,
  Filter,
  GeocodeAnswer,
  GeocodeRequest,
  Location,
  LocationCreate,
  LocationPatch,
  LocationType,
  Marker,
  TaggedLocation,
} from '@locator/client';
import { api } from './client.ts';

export type { GeocodeAnswer, Location, LocationPatch, TaggedLocation };

/** Every include a store's screen shows: its hours, special hours, filters, custom fields and calls to action. */
const EVERYTHING = {
  includeHours: '1',
  includeSpecialHours: '1',
  includeFilters: '1',
  includeFields: '1',
  includeCallsToAction: '1',
} as const;

/** `GET …/locations/{id}` with every include, and its `ETag` for the save's `If-Match`. */
export function readStore(projectId: string, locationId: string): Promise<TaggedLocation> {
  return api.getLocationTagged(projectId, locationId, EVERYTHING);
}

/** `GET …/locations/{id}?includeStatus=1`: what a visitor sees now. */
export function readStoreStatus(projectId: string, locationId: string): Promise<Location> {
  return api.getLocation(projectId, locationId, { includeStatus: '1' });
}

/** `POST …/locations`. */
export function createStore(projectId: string, body: LocationCreate): Promise<Location> {
  return api.createLocation(projectId, body);
}

/** `PATCH …/locations/{id}` with `If-Match`: `412` when someone else saved since `etag` was read. */
export function saveStore(
  projectId: string,
  locationId: string,
  body: LocationPatch,
  etag: string,
): Promise<TaggedLocation> {
  return api.updateLocationTagged(projectId, locationId, body, { ifMatch: etag });
}

/** `POST …/geocode`: where the address is, or null. */
export function findAddress(projectId: string, address: GeocodeRequest): Promise<GeocodeAnswer> {
  return api.geocodeAddress(projectId, address);
}

/** What a store may be given: the project's types, markers, filters, custom fields and calls to action. */
export interface StoreCatalog {
  types: LocationType[];
  markers: Marker[];
  filters: Filter[];
  fields: CustomField[];
  callsToAction: CallToAction[];
}

/** `GET …/location-types`, `…/markers`, `…/filters`, `…/fields`, `…/calls-to-action`. */
export async function storeCatalog(projectId: string): Promise<StoreCatalog> {
  const [types, markers, filters, fields, callsToAction] = await Promise.all([
    api.locationTypes.list(projectId),
    api.markers.list(projectId),
    api.filters.list(projectId),
    api.fields.list(projectId),
    api.callsToAction.list(projectId),
  ]);
  return { types, markers, filters, fields, callsToAction };
}

/** The key of the project's hosted pages (`GET …/publishable-keys`, owners and admins): the first one not revoked. */
export async function pageKey(projectId: string): Promise<string | undefined> {
  return (await api.publishableKeys.list(projectId)).find((key) => key.revoked_at === null)?.key;
}
