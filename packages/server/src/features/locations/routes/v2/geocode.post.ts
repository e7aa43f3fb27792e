import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, ProjectParams } from '../../../../schemas/common.ts';
import type { Locations } from '../../locations.service.ts';
import { GeocodeAnswerV2, GeocodeRequestV2 } from '../../schemas/geocode.v2.ts';
import { LOCATIONS_TAG } from '../../schemas/location.v2.ts';

export function registerV2Geocode(app: App, { locations }: { locations: Locations }): void {
  app.post(
    '/api/v2/projects/:project_id/geocode',
    {
      config: { auth: { api: 'v2', scope: 'location:update' } },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'geocodeAddress',
        summary: 'Find the coordinates of an address',
        description:
          'Asks the server\'s geocoder (`GEOCODER`) where an address is, as a create without coordinates would, and saves nothing: for a form that fills `lat` and `lng` before saving ("find from the address"). `data` is null when no place matches. The geocoder\'s answers are cached; every call counts against the rate limit like any other. `503` with `Retry-After` when the geocoder does not answer within three times `GEOCODER_TIMEOUT_MS` (a first lookup of the offline geocoder loads its data).',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        params: ProjectParams,
        body: GeocodeRequestV2,
        response: {
          200: DataEnvelope(GeocodeAnswerV2),
          ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429, 503),
        },
      },
    },
    async (request) => ({
      data: await locations.geocodeAddress({
        project: projectRef(request, request.params.project_id),
        address: request.body,
      }),
    }),
  );
}
