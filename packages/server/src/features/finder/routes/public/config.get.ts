import type { App } from '../../../../http/app-type.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import type { Finder } from '../../finder.service.ts';
import { answeredNotModified } from '../../http/etags.ts';
import { publicAccessOf } from '../../http/key-check.ts';
import { FinderConfigAnswer, PublicKeyQuery } from '../../schemas/public-finder.ts';

export function registerPublicConfig(app: App, { finder }: { finder: Finder }): void {
  app.get(
    '/api/public/v1/config',
    {
      config: { publicKey: true },
      schema: {
        tags: ['Store finder (public)'],
        operationId: 'getFinderConfig',
        summary: 'What a store-finder widget needs before its first search',
        description:
          "With a publishable key: the project's name, its filters, location types and markers (colours, icons), and the default unit and country, taken from where most of its visible locations are. " +
          "Answers carry an `ETag` from the project's data version and the `Cache-Control` of the search; `If-None-Match` with a current tag is 304.",
        security: [{ publishableKey: [] }, { publishableKeyHeader: [] }],
        querystring: PublicKeyQuery,
        response: {
          200: FinderConfigAnswer,
          304: { type: 'null', description: 'Not modified' },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      if (answeredNotModified(request, reply)) return null;
      const config = await finder.configOf(publicAccessOf(request));
      return {
        data: {
          project: config.project,
          branding: config.branding,
          filters: config.filters,
          location_types: config.locationTypes,
          markers: config.markers,
          default_unit: config.defaultUnit,
          default_country: config.defaultCountry,
        },
      };
    },
  );
}
