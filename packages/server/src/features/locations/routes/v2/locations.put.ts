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
  LocationCreateV2,
  LocationParams,
  LocationV2,
  locationInputFromV2,
} from '../../schemas/location.v2.ts';

export function registerV2LocationsPut(app: App, { locations }: { locations: Locations }): void {
  app.put(
    '/api/v2/projects/:project_id/locations/:location_id',
    {
      config: { auth: { api: 'v2', scope: 'location:update' }, etag: true },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'replaceLocation',
        summary: 'Update a location (the older, fuller contract)',
        description: `\`name\` and \`city\` are required. Omitted basic fields keep their values; supplied \`filters\`, \`fields\` and \`callsToAction\` replace the whole set (omitted ones stay); omitted \`marker\` and \`location_type\` reset to the project defaults. Invalid input is 422 and saves nothing. ${LOCATION_ETAG_DESCRIPTION}`,
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        headers: WriteConditionHeaders,
        params: LocationParams,
        body: LocationCreateV2,
        response: { 200: DataEnvelope(LocationV2), ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const saved = await locations.update({
        project: projectRef(request, request.params.project_id),
        key: { publicId: request.params.location_id },
        mode: 'replace',
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
