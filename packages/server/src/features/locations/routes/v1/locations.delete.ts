import type { App } from '../../../../http/app-type.ts';
import { actorOf, personalProjectRef } from '../../../../http/auth.ts';
import { errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { Locations } from '../../locations.service.ts';
import { LocationParamsV1, V1_LOCATIONS_TAG } from '../../schemas/location.v1.ts';
import { v1LocationKey } from './locations.params.ts';

export function registerV1LocationsDelete(app: App, { locations }: { locations: Locations }): void {
  app.delete(
    '/api/locations/:id',
    {
      config: { auth: { api: 'v1' } },
      schema: {
        tags: [V1_LOCATIONS_TAG],
        operationId: 'deleteLocation',
        summary: 'Delete a location',
        description:
          'Deletes the location with its hours and attachments; `{"success": true}`. There is no PATCH in V1 (405).',
        security: [{ legacyToken: [] }],
        params: LocationParamsV1,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      await locations.delete({
        project: personalProjectRef(request),
        key: v1LocationKey(request.params.id),
        actor: actorOf(request),
      });
      return { success: true as const };
    },
  );
}
