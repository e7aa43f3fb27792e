import type { Clock } from '../../../../domain/time.ts';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { LOCATION_ETAG_DESCRIPTION, NotModified, RevalidationHeaders, tagWithVersion } from '../../../../http/etag.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Locations } from '../../locations.service.ts';
import { presentLocationV2 } from '../../presenters/location-v2.ts';
import { LOCATIONS_TAG, LocationParams, LocationV2 } from '../../schemas/location.v2.ts';
import { LocationGetQueryV2 } from '../../schemas/location-queries.v2.ts';
import { includesOf } from './location.includes.ts';

export function registerV2LocationsGet(app: App, { locations, clock }: { locations: Locations; clock: Clock }): void {
  app.get(
    '/api/v2/projects/:project_id/locations/:location_id',
    {
      config: { auth: { api: 'v2', scope: 'location:read' }, etag: true },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'getLocation',
        summary: 'Read one location',
        description: LOCATION_ETAG_DESCRIPTION,
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        headers: RevalidationHeaders,
        params: LocationParams,
        querystring: LocationGetQueryV2,
        response: { 200: DataEnvelope(LocationV2), 304: NotModified, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const selection = includesOf(request.query, clock());
      const view = await locations.get({
        project: projectRef(request, request.params.project_id),
        key: { publicId: request.params.location_id },
        selection,
      });
      tagWithVersion(reply, view.record.data_version);
      return { data: presentLocationV2(view, selection) };
    },
  );
}
