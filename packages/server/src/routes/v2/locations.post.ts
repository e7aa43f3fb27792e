import { isoNow } from '../../domain/time.ts';
import type { App } from '../../http/app-type.ts';
import { actorOf, projectRef } from '../../http/auth.ts';
import { IDEMPOTENCY_DESCRIPTION, IdempotencyKeyHeaders, sendCreated } from '../../http/idempotency.ts';
import { DataEnvelope, errorResponses } from '../../schemas/common.ts';
import { LocationCreateV2, LocationV2 } from '../../schemas/location.v2.ts';
import { presentLocationV2, WRITE_ANSWER_INCLUDES } from '../../services/location-body.v2.ts';
import { createLocation, type LocationView } from '../../services/locations.service.ts';
import { accessibleProject } from '../../services/project-access.ts';
import { locationInputFromV2 } from './location.input.ts';
import { LOCATIONS_TAG, ProjectParams } from './locations.params.ts';

export function registerV2LocationsPost(app: App): void {
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
        security: [{ apiToken: [] }],
        params: ProjectParams,
        headers: IdempotencyKeyHeaders,
        body: LocationCreateV2,
        response: { 201: DataEnvelope(LocationV2), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const project = projectRef(request, request.params.project_id);
      const { database, geocoder, config, clock } = app.ctx;
      const geocoding = { geocoder, timeoutMs: config.geocoder.timeoutMs };
      const input = locationInputFromV2(request.body);
      const now = isoNow(clock);
      return sendCreated<LocationView>(request, reply, {
        status: 201,
        now,
        check: () => accessibleProject(database.db, project),
        create: (hooks) =>
          createLocation(database.db, {
            project,
            input,
            policy: { legacyLocationType: false },
            now,
            geocoding,
            hooks,
            actor: actorOf(request),
          }),
        present: (view) => ({ data: presentLocationV2(view, WRITE_ANSWER_INCLUDES) }),
      });
    },
  );
}
