import { parseSort } from '../../../../domain/location-list.ts';
import { paginate } from '../../../../domain/pagination.ts';
import type { Clock } from '../../../../domain/time.ts';
import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { baseUrlOf, pathOf, rawQueryPairs } from '../../../../http/base-url.ts';
import { ETAG_DESCRIPTION, NotModified, RevalidationHeaders } from '../../../../http/etag.ts';
import { errorResponses, PageEnvelope, ProjectParams } from '../../../../schemas/common.ts';
import type { Locations } from '../../locations.service.ts';
import { presentLocationV2 } from '../../presenters/location-v2.ts';
import { LOCATIONS_TAG, LocationV2 } from '../../schemas/location.v2.ts';
import { LocationListQueryV2, locationFilterOf } from '../../schemas/location-queries.v2.ts';
import { includesOf } from './location.includes.ts';

export function registerV2LocationsList(app: App, { locations, clock }: { locations: Locations; clock: Clock }): void {
  app.get(
    '/api/v2/projects/:project_id/locations',
    {
      config: { auth: { api: 'v2', scope: 'location:read' }, etag: true },
      schema: {
        tags: [LOCATIONS_TAG],
        operationId: 'listLocations',
        summary: 'List locations',
        description: `Pages of locations ordered by ID (or \`sort\`). Filters: \`name\`, \`address\`, \`city\`, \`state\`, \`country\`, \`postcode\` (alias \`postal_code\`) as \`city=Austin\` or \`city[eq]=\`, \`city[ne]=\`, \`city[like]=\` (all ignore case; \`like\` is a substring); \`visible\`; \`phone_valid\`; \`updated_since\`; \`external_id\` (exact); \`q\` searches the name, city, postcode and external ID (a substring, ignoring case); \`attention\` keeps the locations that need a look (\`no_coordinates\`, \`geocoding_failed\`, \`no_hours\`, \`hidden\`, or \`any\`). An unknown parameter or operator is 422. \`links\` keep every parameter you sent. ${ETAG_DESCRIPTION}`,
        security: [{ apiToken: [] }, { sessionCookie: [] }],
        headers: RevalidationHeaders,
        params: ProjectParams,
        querystring: LocationListQueryV2,
        response: { 200: PageEnvelope(LocationV2), 304: NotModified, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const { query } = request;
      const selection = includesOf(query, clock());
      const listQuery = {
        page: query.page ?? 1,
        limit: query.limit ?? 25,
        sort: parseSort(query.sort),
        ...locationFilterOf(query),
      };
      const { locations: found, total } = await locations.list({
        project: projectRef(request, request.params.project_id),
        query: listQuery,
        selection,
      });
      const { links, meta } = paginate({
        path: baseUrlOf(request) + pathOf(request),
        query: rawQueryPairs(request),
        page: listQuery.page,
        perPage: listQuery.limit,
        total,
        count: found.length,
      });
      return { data: found.map((view) => presentLocationV2(view, selection)), links, meta };
    },
  );
}
