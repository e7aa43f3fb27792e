import type { App } from '../../../../http/app-type.ts';
import type { IdempotencyStore } from '../../../../http/idempotency.ts';
import type { Settings } from '../../project-settings.service.ts';
import { LocationTypeBody, LocationTypeCreateBody, LocationTypePatchBody } from '../../schemas/project-settings.ts';
import { registerSettingRoutes } from './setting-routes.ts';

/** `/api/v2/projects/{project_id}/location-types`: list, create, update and delete the project's location types. */
export function registerV2LocationTypes(
  app: App,
  { settings, idempotency }: { settings: Settings; idempotency: IdempotencyStore },
): void {
  registerSettingRoutes(
    app,
    {
      settings: settings.locationTypes,
      toBody: (row) => settings.locationTypes.kind.toBody(row),
      segment: 'location-types',
      plural: 'location types',
      operationName: { one: 'LocationType', many: 'LocationTypes' },
      schemas: { item: LocationTypeBody, create: LocationTypeCreateBody, patch: LocationTypePatchBody },
      onDelete: 'Locations of this type are left without a type (`location_type` becomes null).',
    },
    idempotency,
  );
}
