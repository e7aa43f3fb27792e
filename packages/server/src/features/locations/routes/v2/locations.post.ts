import type { App } from '../../../../http/app-type.ts';
import { actorOf, projectRef } from '../../../../http/auth.ts';
import {
  IDEMPOTENCY_DESCRIPTION,
  IdempotencyKeyHeaders,
  type IdempotencyStore,
  sendCreated,
} from '../../../../http/idempotency.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { SavedLocation } from '../../location-writes.ts';
import type { Locations } from '../../locations.service.ts';
import { LOCATIONS_TAG, LocationCreateV2, LocationV2, locationInputFromV2 } from '../../schemas/location.v2.ts';

export function registerV2LocationsPost(
  app: App,
  { locations, idempotency }: { locations: Locations; idempotency: IdempotencyStore },
): void {
  app.post(
    '/api/v2/projects/:project_id/locations',
    {
      config: { auth: { api: 'v2', scope: 'location:create' } },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'createLocation',
        summary: 'Create a location',
        description:
          '`name` and `city` are required. Omitted marker and location type take the project defaults. When `lat` or `lng` is missing or 0, the address is geocoded. The response carries every include. ' +
          IDEMPOTENCY_DESCRIPTION,
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        headers: IdempotencyKeyHeaders,
        body: LocationCreateV2,
        response: { 201: DataEnvelope(LocationV2), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const project = projectRef(request, request.params.project_id);
      const input = locationInputFromV2(request.body);
      return sendCreated<SavedLocation>(request, reply, idempotency, {
        status: 201,
        check: () => locations.checkAccess(project),
        create: (hooks) =>
          locations.create({ project, input, policy: { legacyLocationType: false }, hooks, actor: actorOf(request) }),
        present: (saved) => ({ data: saved.body }),
      });
    },
  );
}
