import type { App } from '../../../../http/app-type.ts';
import { actorOf, projectRef } from '../../../../http/auth.ts';
import { versionConditionOf, WriteConditionHeaders } from '../../../../http/etag.ts';
import { errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { Locations } from '../../locations.service.ts';
import { LOCATIONS_TAG, LocationParams } from '../../schemas/location.v2.ts';

export function registerV2LocationsDelete(app: App, { locations }: { locations: Locations }): void {
  app.delete(
    '/api/v2/projects/:project_id/locations/:location_id',
    {
      config: { auth: { api: 'v2', scope: 'location:delete' } },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'deleteLocation',
        summary: 'Delete a location',
        description:
          'With `If-Match` (the `ETag` of the location as you read it), the location is deleted only while it is at that version, else `412` and nothing changes.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        headers: WriteConditionHeaders,
        params: LocationParams,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 412, 429) },
      },
    },
    async (request) => {
      await locations.delete({
        project: projectRef(request, request.params.project_id),
        key: { publicId: request.params.location_id },
        actor: actorOf(request),
        condition: versionConditionOf(request.headers['if-match']),
      });
      return { success: true as const };
    },
  );
}
