import type { App } from '../../../../http/app-type.ts';
import type { IdempotencyStore } from '../../../../http/idempotency.ts';
import type { Settings } from '../../project-settings.service.ts';
import { MarkerBody, MarkerCreateBody, MarkerPatchBody } from '../../schemas/project-settings.ts';
import { registerSettingRoutes } from './setting-routes.ts';

/** `/api/v2/projects/{project_id}/markers`: list, create, update and delete the project's map markers. */
export function registerV2Markers(
  app: App,
  { settings, idempotency }: { settings: Settings; idempotency: IdempotencyStore },
): void {
  registerSettingRoutes(
    app,
    {
      settings: settings.markers,
      toBody: (row) => settings.markers.kind.toBody(row),
      segment: 'markers',
      plural: 'markers',
      operationName: { one: 'Marker', many: 'Markers' },
      schemas: { item: MarkerBody, create: MarkerCreateBody, patch: MarkerPatchBody },
      onDelete: 'Locations with this marker are left without one (`marker` becomes null).',
    },
    idempotency,
  );
}
