import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's 200 answers carry an `ETag`, and `If-None-Match` with a current tag answers 304. */
    etag?: boolean;
  }
}

/** What the OpenAPI descriptions of such routes say about revalidation. */
export const ETAG_DESCRIPTION =
  'The answer carries an `ETag` (a hash of its body) and `Cache-Control: private, no-cache`. Send the tag back in `If-None-Match` to revalidate: while the answer would be the same, it is `304 Not Modified` with no body.';

/** The 304 entry of such a route's responses. */
export const NotModified = Type.Null({ description: 'Not modified: the `If-None-Match` tag is current; no body.' });

/**
 * Whether an `If-None-Match` header names the tag: `*`, or a comma-separated list of tags compared weakly (a `W/`
 * prefix is ignored), as RFC 9110 (13.1.2) asks of a GET.
 * @example noneMatchHits('W/"abc", "def"', '"abc"') // true
 */
export function noneMatchHits(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/**
 * Adds the `onSend` hook that tags the 200 answers of routes with `config: { etag: true }` and answers a matching
 * `If-None-Match` with 304. The tag hashes the body itself, so it changes exactly when the answer does: after any
 * write, by anyone, and after a release that renders a location differently.
 */
export function installEtags(app: FastifyInstance): void {
  app.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      if (
        !request.routeOptions.config.etag ||
        reply.statusCode !== 200 ||
        !(typeof payload === 'string' || Buffer.isBuffer(payload))
      ) {
        done(null, payload);
        return;
      }
      const tag = `"${hash('sha1', payload, 'base64url')}"`;
      // Routes that may be cached by anyone (the store finder's) set their own Cache-Control.
      void reply.header('etag', tag);
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'private, no-cache');
      if (noneMatchHits(request.headers['if-none-match'], tag)) {
        void reply.code(304);
        done(null, '');
        return;
      }
      done(null, payload);
    },
  );
}

/** The optional `If-None-Match` request header of such routes, shown in the OpenAPI document. */
export const RevalidationHeaders = Type.Object({
  'if-none-match': Type.Optional(
    Type.String({
      description: 'The `ETag` of an earlier answer: a 304 with no body while it is current.',
      examples: ['"q3O1Zb4VvT8cX0vXr5v3mQGm1Yk"'],
    }),
  ),
});
