import type { App } from '../../http/app.ts';
import { projectOf } from '../../http/auth.ts';
import { DataEnvelope, errorResponses } from '../../schemas/common.ts';
import { LocationGetQueryV2, LocationV2 } from '../../schemas/location.v2.ts';
import { getLocation } from '../../services/locations.service.ts';
import { includesOf, presentLocationV2 } from './location.present.ts';
import { LocationParams, LOCATIONS_TAG } from './locations.params.ts';

export function registerV2LocationsGet(app: App): void {
  app.get(
    '/api/v2/projects/:project_id/locations/:location_id',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [LOCATIONS_TAG],
        summary: 'Read one location',
        security: [{ apiToken: [] }],
        params: LocationParams,
        querystring: LocationGetQueryV2,
        response: { 200: DataEnvelope(LocationV2), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const project = await projectOf(request, request.params.project_id, { requirePlan: true });
      const selection = includesOf(request.query);
      const view = await getLocation(app.ctx.database.db, project, { publicId: request.params.location_id }, selection);
      return { data: presentLocationV2(view, selection) };
    },
  );
}
