import type { App } from '../../../../http/app-type.ts';
import type { IdempotencyStore } from '../../../../http/idempotency.ts';
import type { Settings } from '../../project-settings.service.ts';
import { FieldBody, FieldCreateBody, FieldPatchBody } from '../../schemas/project-settings.ts';
import { registerSettingRoutes } from './setting-routes.ts';

/** `/api/v2/projects/{project_id}/fields`: list, create, rename and delete the project's custom fields. */
export function registerV2Fields(
  app: App,
  { settings, idempotency }: { settings: Settings; idempotency: IdempotencyStore },
): void {
  registerSettingRoutes(
    app,
    {
      settings: settings.fields,
      toBody: (row) => settings.fields.kind.toBody(row),
      segment: 'fields',
      plural: 'custom fields',
      operationName: { one: 'Field', many: 'Fields' },
      schemas: { item: FieldBody, create: FieldCreateBody, patch: FieldPatchBody },
      onDelete: 'The field and its values are removed from every location.',
    },
    idempotency,
  );
}
