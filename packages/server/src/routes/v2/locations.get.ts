import type { App } from '../../http/app.ts';
import { principalOf, requireApiAccess } from '../../http/auth.ts';
import { jsonBuffer, sendJson } from '../../http/json-text.ts';
import { DataEnvelope, errorResponses } from '../../schemas/common.ts';
import { LocationGetQueryV2, LocationV2 } from '../../schemas/location.v2.ts';
import { readLocationDocument } from '../../services/location-documents.service.ts';
import { v2DocumentRenderer, writeLocationV2 } from './location.document.ts';
import { includesOf } from './location.present.ts';
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
    async (request, reply) => {
      const parts = await readLocationDocument(
        app.ctx.database.db,
        app.ctx.database.readCache,
        { userId: principalOf(request).userId, projectPublicId: request.params.project_id, locationPublicId: request.params.location_id },
        requireApiAccess,
        { renderer: v2DocumentRenderer, log: request.log },
      );
      const pieces = ['{"data":'];
      writeLocationV2(parts, includesOf(request.query), pieces);
      pieces.push('}');
      return sendJson(reply, jsonBuffer(pieces));
    },
  );
}
