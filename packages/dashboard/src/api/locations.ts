import type {
  Filter,
  Location,
  LocationBulk,
  LocationBulkResult,
  LocationListQuery,
  LocationPage,
  LocationType,
} from '@locator/client';
import { api } from './client.ts';

export type { Filter, Location, LocationBulk, LocationBulkResult, LocationListQuery, LocationPage, LocationType };

/** One page of the project's locations (`GET …/locations`): the list's filters, `sort`, `page` and `limit`. */
export function listLocations(projectId: string, query: LocationListQuery): Promise<LocationPage> {
  return api.listLocations(projectId, query);
}

/** One change to the locations named or matched (`POST …/locations/bulk`), in one transaction. */
export function bulkLocations(projectId: string, body: LocationBulk): Promise<LocationBulkResult> {
  return api.bulkLocations(projectId, body);
}

/** The filters and location types a bulk action may name. */
export async function listCatalog(projectId: string): Promise<{ filters: Filter[]; types: LocationType[] }> {
  const [filters, types] = await Promise.all([api.filters.list(projectId), api.locationTypes.list(projectId)]);
  return { filters, types };
}
