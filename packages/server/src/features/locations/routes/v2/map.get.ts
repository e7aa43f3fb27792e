import type { Config } from '../../../../config/config.ts';
import type { App } from '../../../../http/app-type.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import { MapTilesV2 } from '../../schemas/geocode.v2.ts';
import { LOCATIONS_TAG } from '../../schemas/location.v2.ts';

export function registerV2MapGet(app: App, { config }: { config: Pick<Config, 'mapTiles'> }): void {
  app.get(
    '/api/v2/map',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'getMap',
        summary: 'The map tiles of this server',
        description:
          'The tile server the hosted store-finder pages and the dashboard draw their maps from (`MAP_TILE_URL`) and the credit it asks for (`MAP_TILE_ATTRIBUTION`), for a map of your own that matches them.',
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        response: { 200: DataEnvelope(MapTilesV2), ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ data: { tile_url: config.mapTiles.url, attribution: config.mapTiles.attribution } }),
  );
}
