import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../app-context.ts';
import { hasApiAccess } from '../domain/plans.ts';
import { hashToken, tokenKindOf, type Scope, type TokenKind } from '../domain/tokens.ts';
import type { ProjectRow } from '../db/tables/projects.table.ts';
import { findOwnedProject, findPersonalProject } from '../repositories/projects.repository.ts';
import { findTokenByHash, touchToken } from '../repositories/tokens.repository.ts';
import type { ProjectAccess } from '../services/project-access.ts';
import { ApiError } from './errors.ts';

/** Who is calling: the token's owner and what the token may do. */
export interface Principal {
  userId: number;
  userPublicId: string;
  tokenId: number;
  kind: TokenKind;
  scopes: ReadonlySet<string>;
}

/** Route-level auth requirement, set as `config: { auth: { api, scope } }` on a route. */
export interface AuthRequirement {
  api: 'v2' | 'v1';
  scope?: Scope;
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
    cache = new LRUCache<string, VerifiedToken>({ max: TOKENS_KEPT, ttl: TOKEN_RECHECK_MS, ttlResolution: 0, ttlAutopurge: true, perf: { now: ctx.clock } });
    verifiedTokens.set(ctx, cache);
  }
  return cache;
}

function unauthorized(message: string): ApiError {
  return new ApiError(401, message, undefined, { 'www-authenticate': 'Bearer' });
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
      requirement.api === 'v2' ? 'Invalid token: the V2 API takes a V2 API token.' : 'Invalid token: the V1 API takes the legacy V1 token.',
    );
  }

  const { ctx } = request.server;
  const { db } = ctx.database;
  const cache = verifiedTokensOf(ctx);
  let verified = cache.get(token);
  if (!verified) {
    const found = await findTokenByHash(db, hashToken(token));
    if (!found || found.kind !== expectedKind || found.revoked_at) throw unauthorized('Invalid or revoked token.');
    verified = {
      principal: {
        userId: found.user_id,
        userPublicId: found.user_public_id,
        tokenId: found.token_id,
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
    await touchToken(db, verified.principal.tokenId, new Date(now).toISOString());
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
  if (scope && principal?.kind === 'v2' && !principal.scopes.has(scope)) return done(new ApiError(403, `This token lacks the ${scope} scope.`));
  done();
}

/** The authenticated caller of a route that requires auth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('Missing bearer token.');
  return request.principal;
}

/** A project whose plan lacks API access to locations is 403. */
export function requireApiAccess(project: ProjectRow): ProjectRow {
  if (!hasApiAccess(project.plan)) {
    throw new ApiError(403, `API access to locations needs the Business plan; this project is on the ${project.plan} plan.`);
  }
  return project;
}

/** A project row's share of the read cache (a dozen short columns); unknown projects are not kept. */
const projectBytes = (project: ProjectRow | undefined): number | false => (project ? 300 : false);

function vetted(project: ProjectRow | undefined, requirePlan: boolean): ProjectRow {
  if (!project) throw ApiError.notFound('Project');
  return requirePlan ? requireApiAccess(project) : project;
}

/** The caller's project named in the path (404 when absent or someone else's), optionally plan-gated. */
export async function projectOf(
  request: FastifyRequest,
  projectPublicId: string,
  { requirePlan }: { requirePlan: boolean },
): Promise<ProjectRow> {
  const { userId } = principalOf(request);
  const { db, readCache } = request.server.ctx.database;
  const project = await readCache.read(`project\u0000${userId}\u0000${projectPublicId}`, () => findOwnedProject(db, userId, projectPublicId), projectBytes);
  return vetted(project, requirePlan);
}

/** V1 works on the token owner's personal project only, gated by plan like V2. */
export async function personalProjectOf(request: FastifyRequest): Promise<ProjectRow> {
  const { userId } = principalOf(request);
  const { db, readCache } = request.server.ctx.database;
  const project = await readCache.read(`personal project\u0000${userId}`, () => findPersonalProject(db, userId), projectBytes);
  return vetted(project, true);
}

/**
 * `projectOf` for a location write, which looks the project up inside its own transaction: on SQLite, a read before
 * it would first commit the writes waiting to share a commit (`db/group-commit.ts`), and the project is read as the
 * write will save against it.
 */
export function projectAccess(request: FastifyRequest, projectPublicId: string): ProjectAccess {
  const { userId } = principalOf(request);
  return async (db) => vetted(await findOwnedProject(db, userId, projectPublicId), true);
}

/** `personalProjectOf` for a V1 location write, inside its transaction (see `projectAccess`). */
export function personalProjectAccess(request: FastifyRequest): ProjectAccess {
  const { userId } = principalOf(request);
  return async (db) => vetted(await findPersonalProject(db, userId), true);
}
