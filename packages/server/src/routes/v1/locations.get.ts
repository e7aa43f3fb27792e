import type { App } from '../../http/app.ts';
import { personalProjectOf } from '../../http/auth.ts';
import { errorResponses } from '../../schemas/common.ts';
import { LocationParamsV1, LocationV1, V1_LOCATIONS_TAG } from '../../schemas/location.v1.ts';
import { ALL_ATTACHMENTS, getLocation } from '../../services/locations.service.ts';
import { presentLocationV1 } from './location.present.ts';
import { v1LocationKey } from './locations.params.ts';

export function registerV1LocationsGet(app: App): void {
  app.get(
    '/api/locations/:id',
    {
      config: { auth: { api: 'v1' } },
      schema: {
        tags: [V1_LOCATIONS_TAG],
        summary: 'Read a location',
        description: 'The location itself, with no `data` wrapper. An ID outside the token owner’s personal project is 404.',
        security: [{ legacyToken: [] }],
        params: LocationParamsV1,
        response: { 200: LocationV1, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const project = await personalProjectOf(request);
      return presentLocationV1(await getLocation(app.ctx.database.db, project, v1LocationKey(request.params.id), ALL_ATTACHMENTS));
    },
  );
}
