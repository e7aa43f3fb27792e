import type { App } from '../../../../http/app-type.ts';
import { personalProjectRef } from '../../../../http/auth.ts';
import { ETAG_DESCRIPTION, NotModified, RevalidationHeaders } from '../../../../http/etag.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import { ALL_ATTACHMENTS } from '../../location-reads.repository.ts';
import type { Locations } from '../../locations.service.ts';
import { presentLocationV1 } from '../../presenters/location-v1.ts';
import { LocationParamsV1, LocationV1, V1_LOCATIONS_TAG } from '../../schemas/location.v1.ts';
import { v1LocationKey } from './locations.params.ts';

export function registerV1LocationsGet(app: App, { locations }: { locations: Locations }): void {
  app.get(
    '/api/locations/:id',
    {
      config: { auth: { api: 'v1' }, etag: true },
      schema: {
        tags: [V1_LOCATIONS_TAG],
        operationId: 'getLocation',
        summary: 'Read a location',
        description: `The location itself, with no \`data\` wrapper. An ID outside the token owner’s personal project is 404. ${ETAG_DESCRIPTION}`,
        security: [{ legacyToken: [] }],
        headers: RevalidationHeaders,
        params: LocationParamsV1,
        response: { 200: LocationV1, 304: NotModified, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const view = await locations.get({
        project: personalProjectRef(request),
        key: v1LocationKey(request.params.id),
        selection: ALL_ATTACHMENTS,
      });
      return presentLocationV1(view);
    },
  );
}
