import { paginate } from '../../domain/pagination.ts';
import { v1LimitOf, v1LinkQuery, v1PageOf } from '../../domain/v1-paging.ts';
import type { App } from '../../http/app.ts';
import { personalProjectOf } from '../../http/auth.ts';
import { baseUrlOf, pathOf, rawQueryPairs } from '../../http/base-url.ts';
import { cachedBody } from '../../http/cached-body.ts';
import { pageBuffer, sendJson } from '../../http/json-text.ts';
import { errorResponses, PageEnvelope } from '../../schemas/common.ts';
import { LocationListQueryV1, LocationV1, V1_LOCATIONS_TAG } from '../../schemas/location.v1.ts';
import { listLocationDocuments } from '../../services/location-documents.service.ts';
import { v1DocumentRenderer } from './location.document.ts';

export function registerV1LocationsList(app: App): void {
  app.get(
    '/api/locations',
    {
      config: { auth: { api: 'v1' } },
      schema: {
        tags: [V1_LOCATIONS_TAG],
        summary: 'List locations',
        description:
          'Pages of the personal project’s locations ordered by ID, each with `hours`, `filters`, `fields` and `buttons`. `page` defaults to 1 and `limit` to 15 (1 to 100; above 100, below 1 or not an integer it falls back to 15 rather than failing). `links` are absolute URLs that keep every parameter you sent, with `limit` set to the page size actually used; `prev`/`next` are null at the ends and `meta.from`/`meta.to` null on an empty page. A page past the end is empty.',
        security: [{ legacyToken: [] }],
        querystring: LocationListQueryV1,
        response: { 200: PageEnvelope(LocationV1), ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const project = await personalProjectOf(request);
      const limit = v1LimitOf(request.query.limit);
      const page = v1PageOf(request.query.page, limit);
      const body = await cachedBody(request, ['v1 page', project.id], async () => {
        const { documents, total } = await listLocationDocuments(
          app.ctx.database.db,
          project,
          { page, limit, filters: [], sort: { key: 'id', descending: false } },
          { renderer: v1DocumentRenderer, log: request.log },
        );
        const { links, meta } = paginate({
          path: baseUrlOf(request) + pathOf(request),
          query: v1LinkQuery(rawQueryPairs(request), limit),
          page,
          perPage: limit,
          total,
          count: documents.length,
        });
        return pageBuffer(documents, (parts, pieces) => pieces.push(parts.body), links, meta);
      });
      return sendJson(reply, body);
    },
  );
}
