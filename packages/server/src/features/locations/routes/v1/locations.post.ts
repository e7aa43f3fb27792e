import type { App } from '../../../../http/app-type.ts';
import { actorOf, personalProjectRef } from '../../../../http/auth.ts';
import {
  IDEMPOTENCY_DESCRIPTION,
  IdempotencyKeyHeaders,
  type IdempotencyStore,
  sendCreated,
} from '../../../../http/idempotency.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import type { SavedLocation } from '../../location-writes.ts';
import type { Locations } from '../../locations.service.ts';
import { presentLocationV1 } from '../../presenters/location-v1.ts';
import { LocationV1, LocationWriteV1, V1_LOCATIONS_TAG } from '../../schemas/location.v1.ts';
import { checkV1LocationBody, locationInputFromV1, V1_WRITE_POLICY } from './location.input.ts';

export function registerV1LocationsPost(
  app: App,
  { locations, idempotency }: { locations: Locations; idempotency: IdempotencyStore },
): void {
  app.post(
    '/api/locations',
    {
      config: { auth: { api: 'v1' } },
      preValidation: checkV1LocationBody,
      schema: {
        tags: [V1_LOCATIONS_TAG],
        operationId: 'createLocation',
        summary: 'Create a location',
        description:
          '`name` is required and nonempty; every other writable field is optional. Returns 201 with the location, no `data` wrapper. An omitted, null or unknown `location_type` selects the project default; the marker is the project default. When `lat` or `lng` is missing or 0, the address is geocoded during the request (send both nonzero coordinates to avoid it); when that finds nothing in time, the location is still created (without coordinates) and geocoding is queued. `filters`, `fields`, `buttons`, `hours`, `marker`, `cover` and `slug` are not writable in V1 and are ignored, as are unknown keys. A missing `name`, coordinates out of range or an invalid `email` is 422 with field errors, and nothing is saved. ' +
          IDEMPOTENCY_DESCRIPTION,
        security: [{ legacyToken: [] }],
        headers: IdempotencyKeyHeaders,
        body: LocationWriteV1,
        response: { 201: LocationV1, ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const project = personalProjectRef(request);
      const input = locationInputFromV1(request.body);
      return sendCreated<SavedLocation>(request, reply, idempotency, {
        status: 201,
        check: () => locations.checkAccess(project),
        create: (hooks) =>
          locations.create({ project, input, policy: V1_WRITE_POLICY, hooks, actor: actorOf(request) }),
        present: (saved) => presentLocationV1(saved.view),
      });
    },
  );
}
