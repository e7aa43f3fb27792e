import type { App } from '../../http/app-type.ts';
import { answeredNotModified, publicAccessOf } from '../../http/public-access.ts';
import { errorResponses } from '../../schemas/common.ts';
import { PinsAnswer, PublicKeyQuery } from '../../schemas/public-finder.ts';
import { finderPinsOf } from '../../services/store-finder.service.ts';

export function registerPublicLocations(app: App): void {
  app.get(
    '/api/public/v1/locations',
    {
      config: { publicKey: true },
      schema: {
        tags: ['Store finder (public)'],
        operationId: 'listPins',
        summary: 'Every visible location as a GeoJSON FeatureCollection',
        description:
          'With a publishable key: every visible location with coordinates, as `application/geo+json` points with compact properties (ID, name, marker, type), in ID order, for maps that show all pins. ' +
          'Answers carry an `ETag` from the project\'s data version and the `Cache-Control` of the search; `If-None-Match` with a current tag is 304.',
        security: [{ publishableKey: [] }, { publishableKeyHeader: [] }],
        querystring: PublicKeyQuery,
        response: { 200: PinsAnswer, 304: { type: 'null', description: 'Not modified' }, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      if (answeredNotModified(request, reply)) return null;
      const pins = await finderPinsOf(app.ctx.database.db, app.ctx.finderIndexes, publicAccessOf(request));
      void reply.type('application/geo+json');
      return {
        type: 'FeatureCollection' as const,
        features: pins.map(({ view: { record: r }, point }) => ({
          type: 'Feature' as const,
          id: r.public_id,
          geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
          properties: {
            id: r.public_id,
            name: r.name,
            marker: r.marker_public_id && r.marker_name !== null ? { id: r.marker_public_id, name: r.marker_name, color: r.marker_color, icon_url: r.marker_icon_url } : null,
            type: r.type_name,
          },
        })),
      };
    },
  );
}
