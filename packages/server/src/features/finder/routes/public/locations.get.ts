import type { App } from '../../../../http/app-type.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import type { Finder } from '../../finder.service.ts';
import { answeredNotModified } from '../../http/etags.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { publicAccessOf } from '../../http/key-check.ts';
import { PinsAnswer, PublicKeyQuery } from '../../schemas/public-finder.ts';

export function registerPublicLocations(app: App, { finder }: { finder: Finder }): void {
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
          "Answers carry an `ETag` from the project's data version and the `Cache-Control` of the search; `If-None-Match` with a current tag is 304.",
        security: [{ publishableKey: [] }, { publishableKeyHeader: [] }],
        querystring: PublicKeyQuery,
        response: {
          200: PinsAnswer,
          304: { type: 'null', description: 'Not modified' },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      if (answeredNotModified(request, reply)) return null;
      return sendKeptJson(reply, await finder.pinsOf(publicAccessOf(request)), 'application/geo+json; charset=utf-8');
    },
  );
}
