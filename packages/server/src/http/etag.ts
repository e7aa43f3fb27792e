import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { VersionCondition } from '../domain/versions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers carry an `ETag` (and so do its 201 answers with a version, see `tagWithVersion`); on a
     * GET or HEAD, `If-None-Match` with a current tag answers 304.
     */
    etag?: boolean;
  }
}

/** What the OpenAPI descriptions of such routes say about revalidation. */
export const ETAG_DESCRIPTION =
  'The answer carries an `ETag` (a hash of its body) and `Cache-Control: private, no-cache`. Send the tag back in `If-None-Match` to revalidate: while the answer would be the same, it is `304 Not Modified` with no body.';

/** What the OpenAPI descriptions of a single location's reads and writes say of its tag and `If-Match`. */
export const LOCATION_ETAG_DESCRIPTION =
  'The answer carries an `ETag`: `"<version>.<hash>"`, the location\'s version (it moves on with every write of the location, by anyone: an edit, a geocoded pin, an import, a renamed filter it shows) and a hash of the body, with `Cache-Control: private, no-cache`. Send the tag back in `If-None-Match` to revalidate (a `304` with no body while the answer would be the same), or in `If-Match` on `PATCH`, `PUT` or `DELETE` of the location so the write runs only while the location is at that version (else `412`); a tag read with any include flags works.';

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
/** The versions of what a reply answers, given by its route (`tagWithVersion`). */
const replyVersions = new WeakMap<FastifyReply, number>();

/**
 * Makes the reply's `ETag` start with the version of what it answers (`"<version>.<hash>"`), so a later write can be
 * made conditional on it with `If-Match` (`versionConditionOf`) whatever representation the tag was read from.
 */
export function tagWithVersion(reply: FastifyReply, version: number): void {
  replyVersions.set(reply, version);
}

/**
 * The condition an `If-Match` header puts on a write: none without the header, `any` for `*`, else the versions its
 * tags name (`"<version>.<hash>"`, as `tagWithVersion` made them). Tags are compared strongly, as RFC 9110 (13.1.1)
 * asks: a weak tag (`W/`) or one of another form names no version, so the write is refused (412).
 * @example versionConditionOf('"12.q3O1Zb", W/"13.abc"') // [12]
 */
export function versionConditionOf(header: string | undefined): VersionCondition | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return 'any';
  return header.split(',').flatMap((candidate) => {
    const version = /^"(\d{1,15})\.[\w-]+"$/.exec(candidate.trim())?.[1];
    return version === undefined ? [] : [Number(version)];
  });
}

export function installEtags(app: FastifyInstance): void {
  app.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      const version = replyVersions.get(reply);
      const tagged = reply.statusCode === 200 || (reply.statusCode === 201 && version !== undefined);
      if (!request.routeOptions.config.etag || !tagged || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
        done(null, payload);
        return;
      }
      const digest = hash('sha1', payload, 'base64url');
      const tag = version === undefined ? `"${digest}"` : `"${version}.${digest}"`;
      // Routes that may be cached by anyone (the store finder's) set their own Cache-Control.
      void reply.header('etag', tag);
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'private, no-cache');
      const reads = request.method === 'GET' || request.method === 'HEAD';
      if (reads && noneMatchHits(request.headers['if-none-match'], tag)) {
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

/** The optional `If-Match` request header of a location's writes, shown in the OpenAPI document. */
export const WriteConditionHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The `ETag` of the location as you read it (`GET`, or the answer of your last write): the write runs only while the location is still at that version, else `412` and nothing changes. `*`: only while it exists. Without it the write always runs.',
      examples: ['"42.q3O1Zb4VvT8cX0vXr5v3mQGm1Yk"'],
    }),
  ),
});
