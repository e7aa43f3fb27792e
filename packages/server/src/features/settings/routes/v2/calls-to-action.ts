import type { App } from '../../../../http/app-type.ts';
import type { IdempotencyStore } from '../../../../http/idempotency.ts';
import type { Settings } from '../../project-settings.service.ts';
import { CallToActionBody, CallToActionCreateBody, CallToActionPatchBody } from '../../schemas/project-settings.ts';
import { registerSettingRoutes } from './setting-routes.ts';

/** `/api/v2/projects/{project_id}/calls-to-action`: list, create, rename and delete the project's calls to action. */
export function registerV2CallsToAction(
  app: App,
  { settings, idempotency }: { settings: Settings; idempotency: IdempotencyStore },
): void {
  registerSettingRoutes(
    app,
    {
      settings: settings.callsToAction,
      toBody: (row) => settings.callsToAction.kind.toBody(row),
      segment: 'calls-to-action',
      plural: 'calls to action',
      operationName: { one: 'CallToAction', many: 'CallsToAction' },
      schemas: { item: CallToActionBody, create: CallToActionCreateBody, patch: CallToActionPatchBody },
      onDelete: 'The call to action and its links are removed from every location.',
    },
    idempotency,
  );
}
