import { paginate } from '../../domain/pagination.ts';
import { parseSort, textFiltersOf } from '../../domain/location-list.ts';
import { instantOf } from '../../domain/time.ts';
import type { App } from '../../http/app.ts';
import { ApiError } from '../../http/errors.ts';
import { projectOf } from '../../http/auth.ts';
import { baseUrlOf, pathOf, rawQueryPairs } from '../../http/base-url.ts';
import { cachedBody } from '../../http/cached-body.ts';
import { pageBuffer, sendJson } from '../../http/json-text.ts';
import { errorResponses, PageEnvelope } from '../../schemas/common.ts';
import { LocationListQueryV2, LocationV2 } from '../../schemas/location.v2.ts';
import { listLocationDocuments } from '../../services/location-documents.service.ts';
import { v2DocumentRenderer, writeLocationV2 } from './location.document.ts';
import { includesOf } from './location.present.ts';
import { LOCATIONS_TAG, ProjectParams } from './locations.params.ts';

function updatedSinceOf(text: string): string {
  const instant = instantOf(text);
  if (instant === undefined) throw ApiError.invalid({ updated_since: ['must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z'] });
  return instant;
}

export function registerV2LocationsList(app: App): void {
  app.get(
    '/api/v2/projects/:project_id/locations',
    {
      config: { auth: { api: 'v2', scope: 'location:read' } },
      schema: {
        tags: [LOCATIONS_TAG],
        summary: 'List locations',
        description:
          'Pages of locations ordered by ID (or `sort`). Filters: `name`, `address`, `city`, `state`, `country`, `postcode` (alias `postal_code`) as `city=Austin` or `city[eq]=`, `city[ne]=`, `city[like]=` (all ignore case; `like` is a substring); `visible`; `updated_since`. An unknown parameter or operator is 422. `links` keep every parameter you sent.',
        security: [{ apiToken: [] }],
        params: ProjectParams,
        querystring: LocationListQueryV2,
        response: { 200: PageEnvelope(LocationV2), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const project = await projectOf(request, request.params.project_id, { requirePlan: true });
      const { query } = request;
      const selection = includesOf(query);
      const listQuery = {
        page: query.page ?? 1,
        limit: query.limit ?? 25,
        filters: textFiltersOf(query),
        sort: parseSort(query.sort),
        ...(query.visible !== undefined ? { visible: query.visible === 'true' || query.visible === '1' } : {}),
        ...(query.updated_since !== undefined ? { updatedSince: updatedSinceOf(query.updated_since) } : {}),
      };
      const body = await cachedBody(request, ['v2 page', project.id], async () => {
        const { documents, total } = await listLocationDocuments(app.ctx.database.db, project, listQuery, { renderer: v2DocumentRenderer, log: request.log });
        const { links, meta } = paginate({
          path: baseUrlOf(request) + pathOf(request),
          query: rawQueryPairs(request),
          page: listQuery.page,
          perPage: listQuery.limit,
          total,
          count: documents.length,
        });
        return pageBuffer(documents, (parts, pieces) => writeLocationV2(parts, selection, pieces), links, meta);
      });
      return sendJson(reply, body);
    },
  );
}
