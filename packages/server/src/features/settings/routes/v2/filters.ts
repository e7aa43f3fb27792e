import type { App } from '../../../../http/app-type.ts';
import type { IdempotencyStore } from '../../../../http/idempotency.ts';
import type { Settings } from '../../project-settings.service.ts';
import { FilterBody, FilterCreateBody, FilterPatchBody } from '../../schemas/project-settings.ts';
import { registerSettingRoutes } from './setting-routes.ts';

/** `/api/v2/projects/{project_id}/filters`: list, create, rename and delete the project's filters. */
export function registerV2Filters(
  app: App,
  { settings, idempotency }: { settings: Settings; idempotency: IdempotencyStore },
): void {
  registerSettingRoutes(
    app,
    {
      settings: settings.filters,
      toBody: (row) => settings.filters.kind.toBody(row),
      segment: 'filters',
      plural: 'filters',
      operationName: { one: 'Filter', many: 'Filters' },
      schemas: { item: FilterBody, create: FilterCreateBody, patch: FilterPatchBody },
      onDelete: 'The filter is removed from every location that had it.',
    },
    idempotency,
  );
}
