import { paginate } from '../../../../domain/pagination.ts';
import { v1LimitOf, v1LinkQuery, v1PageOf } from '../../../../domain/v1-paging.ts';
import type { App } from '../../../../http/app-type.ts';
import { personalProjectRef } from '../../../../http/auth.ts';
import { baseUrlOf, pathOf, rawQueryPairs } from '../../../../http/base-url.ts';
import { ETAG_DESCRIPTION, NotModified, RevalidationHeaders } from '../../../../http/etag.ts';
import { errorResponses, PageEnvelope } from '../../../../schemas/common.ts';
import { ALL_ATTACHMENTS } from '../../location-reads.repository.ts';
import type { Locations } from '../../locations.service.ts';
import { presentLocationV1 } from '../../presenters/location-v1.ts';
import { LocationListQueryV1, LocationV1, V1_LOCATIONS_TAG } from '../../schemas/location.v1.ts';

export function registerV1LocationsList(app: App, { locations }: { locations: Locations }): void {
  app.get(
    '/api/locations',
    {
      config: { auth: { api: 'v1' }, etag: true },
      schema: {
        tags: [V1_LOCATIONS_TAG],
        operationId: 'listLocations',
        summary: 'List locations',
        description: `Pages of the personal project’s locations ordered by ID, each with \`hours\`, \`filters\`, \`fields\` and \`buttons\`. \`page\` defaults to 1 and \`limit\` to 15 (1 to 100; above 100, below 1 or not an integer it falls back to 15 rather than failing). \`links\` are absolute URLs that keep every parameter you sent, with \`limit\` set to the page size actually used; \`prev\`/\`next\` are null at the ends and \`meta.from\`/\`meta.to\` null on an empty page. A page past the end is empty. ${ETAG_DESCRIPTION}`,
        security: [{ legacyToken: [] }],
        headers: RevalidationHeaders,
        querystring: LocationListQueryV1,
        response: { 200: PageEnvelope(LocationV1), 304: NotModified, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const limit = v1LimitOf(request.query.limit);
      const page = v1PageOf(request.query.page, limit);
      const { locations: found, total } = await locations.list({
        project: personalProjectRef(request),
        query: { page, limit, filters: [], sort: { key: 'id', descending: false } },
        selection: ALL_ATTACHMENTS,
      });
      const { links, meta } = paginate({
        path: baseUrlOf(request) + pathOf(request),
        query: v1LinkQuery(rawQueryPairs(request), limit),
        page,
        perPage: limit,
        total,
        count: found.length,
      });
      return { data: found.map(presentLocationV1), links, meta };
    },
  );
}
