import type { FastifyRequest } from 'fastify';
import type { App } from '../../../../http/app-type.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import { publicAccessOf } from '../../../finder/index.ts';
import type { Analytics } from '../../analytics.service.ts';
import { VisitorEvent, VisitorEventQuery } from '../../schemas/visitor-event.ts';

/** The largest body an event may have: its two short fields, with room to spare. */
const MAX_EVENT_BYTES = 1024;

/** Whether the visitor's browser asks not to be tracked: Global Privacy Control, or the older Do Not Track. */
function optedOut(request: FastifyRequest): boolean {
  return request.headers['sec-gpc'] === '1' || request.headers.dnt === '1';
}

/**
 * `POST /api/public/v1/events`: a visitor's action with a location, as the widget and hosted pages send it with
 * `navigator.sendBeacon`: a `text/plain` body (a "simple" request, so no preflight) holding JSON.
 */
export function registerPublicEvents(app: App, { analytics }: { analytics: Analytics }): void {
  // A scope of its own, so that this route alone reads text/plain (as JSON); the rest of the API refuses it.
  app.register(async (plain) => {
    const scope: App = plain.withTypeProvider();
    // The API's own JSON parser (same prototype-poisoning checks), for the text/plain a beacon sends.
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: MAX_EVENT_BYTES },
      scope.getDefaultJsonParser('error', 'error'),
    );
    scope.post(
      '/api/public/v1/events',
      {
        config: { publicKey: true, anonymousLog: true },
        bodyLimit: MAX_EVENT_BYTES,
        schema: {
          tags: ['Store finder (public)'],
          operationId: 'sendVisitorEvent',
          summary: 'Count a visitor’s action with a location',
          description:
            'With a publishable key, as the search takes it (`key=` or `X-Locator-Key`; same CORS and rate limit). The body is JSON, sent as `text/plain` (what `navigator.sendBeacon` sends for a string, so no preflight) or `application/json`. ' +
            'Counted per location and UTC day; nothing about the visitor is kept (no address, user agent, cookie or identifier). ' +
            'A request with `Sec-GPC: 1` or `DNT: 1` is not counted (still 204), nor is any when the operator turned analytics off (`ANALYTICS=off`). ' +
            'A `location_id` that is no location of the key’s project is 422, so an integration learns of its mistake.',
          security: [{ publishableKey: [] }, { publishableKeyHeader: [] }],
          consumes: ['text/plain', 'application/json'],
          querystring: VisitorEventQuery,
          body: VisitorEvent,
          response: {
            204: { type: 'null', description: 'Counted, or dropped as the visitor asked' },
            ...errorResponses(400, 401, 403, 413, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        if (!optedOut(request))
          await analytics.countAction(publicAccessOf(request).projectId, request.body.location_id, request.body.type);
        return reply.code(204).send(null);
      },
    );
  });
}
