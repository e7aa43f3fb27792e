import type { ApiTokensTable } from './tables/api-tokens.table.ts';
import type { CallsToActionTable } from './tables/calls-to-action.table.ts';
import type { CustomFieldsTable } from './tables/custom-fields.table.ts';
import type { DeletedLocationsTable } from './tables/deleted-locations.table.ts';
import type { FiltersTable } from './tables/filters.table.ts';
import type { GeocodingJobsTable } from './tables/geocoding-jobs.table.ts';
import type { GeocodeCacheTable } from './tables/geocode-cache.table.ts';
import type { IdempotencyKeysTable } from './tables/idempotency-keys.table.ts';
import type { ImagesTable } from './tables/images.table.ts';
import type { LocationCallsToActionTable } from './tables/location-calls-to-action.table.ts';
import type { LocationFieldValuesTable } from './tables/location-field-values.table.ts';
import type { LocationFiltersTable } from './tables/location-filters.table.ts';
import type { LocationTypesTable } from './tables/location-types.table.ts';
import type { LocationsTable } from './tables/locations.table.ts';
import type { MarkersTable } from './tables/markers.table.ts';
import type { OpeningHoursTable } from './tables/opening-hours.table.ts';
import type { ProjectsTable } from './tables/projects.table.ts';
import type { PublishableKeysTable } from './tables/publishable-keys.table.ts';
import type { UsersTable } from './tables/users.table.ts';

/** Every table of the schema, as Kysely sees it. */
export interface Database {
  users: UsersTable;
  projects: ProjectsTable;
  api_tokens: ApiTokensTable;
  locations: LocationsTable;
  opening_hours: OpeningHoursTable;
  location_types: LocationTypesTable;
  markers: MarkersTable;
  filters: FiltersTable;
  custom_fields: CustomFieldsTable;
  calls_to_action: CallsToActionTable;
  images: ImagesTable;
  location_filters: LocationFiltersTable;
  location_field_values: LocationFieldValuesTable;
  location_calls_to_action: LocationCallsToActionTable;
  idempotency_keys: IdempotencyKeysTable;
  geocoding_jobs: GeocodingJobsTable;
  geocode_cache: GeocodeCacheTable;
  publishable_keys: PublishableKeysTable;
  deleted_locations: DeletedLocationsTable;
}
