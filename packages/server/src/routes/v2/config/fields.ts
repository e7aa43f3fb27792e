import type { App } from '../../../http/app-type.ts';
import { FieldBody, FieldCreateBody, FieldPatchBody } from '../../../schemas/project-settings.ts';
import { fieldSettings } from '../../../services/project-settings.service.ts';
import { registerSettingRoutes } from './setting-routes.ts';

/** `/api/v2/projects/{project_id}/fields`: list, create, rename and delete the project's custom fields. */
export function registerV2Fields(app: App): void {
  registerSettingRoutes(app, {
    settings: fieldSettings,
    toBody: (row) => fieldSettings.kind.toBody(row),
    segment: 'fields',
    plural: 'custom fields',
    operationName: { one: 'Field', many: 'Fields' },
    schemas: { item: FieldBody, create: FieldCreateBody, patch: FieldPatchBody },
    onDelete: 'The field and its values are removed from every location.',
  });
}
