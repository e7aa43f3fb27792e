import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A store-finder route: it needs a publishable key (`key=` or `X-Locator-Key`) and answers browsers of its origins.
     */
    publicKey?: boolean;
    /**
     * A hosted page of the store finder (`/finder/{key}/…`): its key is in the path, it answers HTML, and it counts
     * against the same per-address budget as the store-finder API.
     */
    publicPage?: boolean;
  }
}

/** The publishable key a request carries (`X-Locator-Key`, else `key=`), as sent: not yet checked. */
export function publishableKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-locator-key'];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.key === 'string' && query.key !== '' ? query.key : undefined;
}

/** Hosted pages whose key (in their path) gave no access: refused like a bad key on the API, though answered 404. */
const pagesWithRefusedKeys = new WeakSet<FastifyRequest>();

/**
 * Marks a hosted page's request whose key is unknown or revoked, so that its 404 counts against the address's budget
 * of failed authentications as a 401 does on the API.
 */
export function markPageKeyRefused(request: FastifyRequest): void {
  pagesWithRefusedKeys.add(request);
}

/** Whether `markPageKeyRefused` marked the request. */
export function pageKeyRefused(request: FastifyRequest): boolean {
  return pagesWithRefusedKeys.has(request);
}
