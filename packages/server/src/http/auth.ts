import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../app-context.ts';
import type { Actor } from '../domain/events.ts';
import { hashToken, type Scope, type TokenKind, tokenKindOf } from '../domain/tokens.ts';
import { findTokenOwner, recordTokenUse } from '../services/accounts.service.ts';
import type { ProjectRef } from '../services/project-access.ts';
import { ApiError } from './errors.ts';

/** Who is calling: the token's owner and what the token may do. */
export interface Principal {
  userId: number;
  userPublicId: string;
  tokenId: number;
  /** The token's public ID (`tok_…`), as the change feed names who made a change. */
  tokenPublicId: string;
  kind: TokenKind;
  scopes: ReadonlySet<string>;
}

/** Route-level auth requirement, set as `config: { auth: { api, scope } }` on a route; with several scopes, a token needs all. */
export interface AuthRequirement {
  api: 'v2' | 'v1';
  scope?: Scope | readonly Scope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * A token found valid is trusted for this long without asking the database again, so a busy client costs one token
 * lookup a second rather than one per request. A token revoked meanwhile (by the CLI, in another process) is
 * refused from the next lookup on; expiry is checked on every request.
 */
export const TOKEN_RECHECK_MS = 1_000;
const TOKENS_KEPT = 10_000;

/** A token the database confirmed, as the next requests with it reuse it. */
interface VerifiedToken {
  principal: Principal;
  expiresAt: number | undefined;
  lastUsedAt: number | undefined;
}

/**
 * Each app (each context) keeps its own verified tokens, timed by the context's clock. Keyed by the token itself, so
 * a request with a token found valid within the last second hashes nothing (SHA-256 was 2% of a cached GET's CPU).
 * Tokens are only ever stored hashed; in memory one is dropped with its entry a second after it was last checked
 * against the database (`ttlAutopurge`), as it is with the request that carried it.
 */
const verifiedTokens = new WeakMap<AppContext, LRUCache<string, VerifiedToken>>();

function verifiedTokensOf(ctx: AppContext): LRUCache<string, VerifiedToken> {
  let cache = verifiedTokens.get(ctx);
  if (!cache) {
    cache = new LRUCache<string, VerifiedToken>({
      max: TOKENS_KEPT,
      ttl: TOKEN_RECHECK_MS,
      ttlResolution: 0,
      ttlAutopurge: true,
      perf: { now: ctx.clock },
    });
    verifiedTokens.set(ctx, cache);
  }
  return cache;
}

function unauthorized(message: string): ApiError {
  return new ApiError(401, message, { 'www-authenticate': 'Bearer' });
}

/**
 * The `onRequest` hook: resolves the bearer token of a route that asks for one and checks its kind; `authorize`
 * checks the scope after the rate limiter has counted the request. Runs before the body is read, so an
 * unauthenticated caller learns nothing about the body's validity.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.principal = null;
  const requirement = request.routeOptions.config.auth;
  if (!requirement) return;

  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized('Missing bearer token: send "Authorization: Bearer <token>".');
  const token = match[1];
  const expectedKind: TokenKind = requirement.api === 'v2' ? 'v2' : 'legacy';
  if (tokenKindOf(token) !== expectedKind) {
    throw unauthorized(
      requirement.api === 'v2'
        ? 'Invalid token: the V2 API takes a V2 API token.'
        : 'Invalid token: the V1 API takes the legacy V1 token.',
    );
  }

  const { ctx } = request.server;
  const { db } = ctx.database;
  const cache = verifiedTokensOf(ctx);
  let verified = cache.get(token);
  if (!verified) {
    const found = await findTokenOwner(db, hashToken(token));
    if (!found || found.kind !== expectedKind || found.revoked_at) throw unauthorized('Invalid or revoked token.');
    verified = {
      principal: {
        userId: found.user_id,
        userPublicId: found.user_public_id,
        tokenId: found.token_id,
        tokenPublicId: found.token_public_id,
        kind: found.kind as TokenKind,
        scopes: new Set<string>(JSON.parse(found.scopes) as string[]),
      },
      expiresAt: found.expires_at ? Date.parse(found.expires_at) : undefined,
      lastUsedAt: found.last_used_at ? Date.parse(found.last_used_at) : undefined,
    };
    cache.set(token, verified);
  }
  const now = ctx.clock();
  if (verified.expiresAt !== undefined && verified.expiresAt <= now) throw unauthorized('The token has expired.');

  // last_used_at is kept to the minute, so most requests do not write.
  if (verified.lastUsedAt === undefined || now - verified.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    verified.lastUsedAt = now;
    await recordTokenUse(db, verified.principal.tokenId, new Date(now).toISOString());
  }
  request.principal = verified.principal;
}

/**
 * The `onRequest` hook after authentication and rate limiting: a V2 token without the route's scope is `403`.
 * Separate from `authenticate` so that a scope failure is an authenticated request that counts and carries the
 * rate-limit headers.
 */
export function authorize(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const scope = request.routeOptions.config.auth?.scope;
  const principal = request.principal;
  if (scope && principal?.kind === 'v2') {
    const missing =
      typeof scope === 'string'
        ? principal.scopes.has(scope)
          ? undefined
          : scope
        : scope.find((needed) => !principal.scopes.has(needed));
    if (missing) {
      done(new ApiError(403, `This token lacks the ${missing} scope.`));
      return;
    }
  }
  done();
}

/** The authenticated caller of a route that requires auth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('Missing bearer token.');
  return request.principal;
}

/** Who a request's changes are made by: its V2 token or the legacy V1 token, by the token's public ID. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = principalOf(request);
  return { type: principal.kind === 'v2' ? 'token' : 'legacy_token', id: principal.tokenPublicId };
}

/** The caller's project named in a V2 path; services resolve and vet it (someone else's is 404). */
export function projectRef(request: FastifyRequest, projectPublicId: string): ProjectRef {
  return { userId: principalOf(request).userId, publicId: projectPublicId };
}

/** V1 works on the token owner's personal project only. */
export function personalProjectRef(request: FastifyRequest): ProjectRef {
  return { userId: principalOf(request).userId, personal: true };
}
