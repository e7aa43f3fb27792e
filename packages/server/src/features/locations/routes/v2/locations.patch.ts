import type { App } from '../../../../http/app-type.ts';
import { actorOf, projectRef } from '../../../../http/auth.ts';
import {
  LOCATION_ETAG_DESCRIPTION,
  tagWithVersion,
  versionConditionOf,
  WriteConditionHeaders,
} from '../../../../http/etag.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Locations } from '../../locations.service.ts';
import {
  LOCATIONS_TAG,
  LocationParams,
  LocationPatchV2,
  LocationV2,
  locationInputFromV2,
} from '../../schemas/location.v2.ts';

export function registerV2LocationsPatch(app: App, { locations }: { locations: Locations }): void {
  app.patch(
    '/api/v2/projects/:project_id/locations/:location_id',
    {
      config: { auth: { api: 'v2', scope: 'location:update' }, etag: true },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'updateLocation',
        summary: 'Update some fields of a location',
        description: `Omitted fields keep their saved values. \`filters\` replaces the list; \`fields\` and \`callsToAction\` merge by name (null removes one); \`hours\` changes only the days sent, \`hours: null\` removes the schedule. Invalid input is 422 and saves nothing. ${LOCATION_ETAG_DESCRIPTION}`,
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        headers: WriteConditionHeaders,
        params: LocationParams,
        body: LocationPatchV2,
        response: { 200: DataEnvelope(LocationV2), ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const saved = await locations.update({
        project: projectRef(request, request.params.project_id),
        key: { publicId: request.params.location_id },
        mode: 'patch',
        input: locationInputFromV2(request.body),
        policy: { legacyLocationType: false },
        actor: actorOf(request),
        condition: versionConditionOf(request.headers['if-match']),
      });
      tagWithVersion(reply, saved.view.record.data_version);
      return { data: saved.body };
    },
  );
}
