import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Actor } from '../domain/events.ts';
import type { ProjectRef } from '../domain/project-ref.ts';
import { hashSessionValue, sameSecret } from '../domain/sessions.ts';
import type { Clock } from '../domain/time.ts';
import { hashToken, missingScope, SCOPES, type Scope, type TokenKind, tokenKindOf } from '../domain/tokens.ts';
import { baseUrlOf } from './base-url.ts';
import { ApiError } from './errors.ts';
import { sessionCookieOf } from './session-cookie.ts';

/** What a request proved who it is with: an API token (V2 or legacy), or the session cookie of a signed-in browser. */
export type Credential =
  | {
      type: 'token';
      id: number;
      /** The token's public ID (`tok_…`), as the change feed names who made a change. */
      publicId: string;
      kind: TokenKind;
    }
  | { type: 'session'; id: number; csrfToken: string };

/**
 * Who is calling and what the credential may do: a token's scopes, or every scope for a session (a person signed in
 * is as strong as their own tokens). In a project, the caller's role there narrows them further (`domain/roles.ts`).
 */
export interface Principal {
  userId: number;
  userPublicId: string;
  credential: Credential;
  scopes: ReadonlySet<string>;
}

/** Every scope, as a session holds them. */
export const ALL_SCOPES: ReadonlySet<string> = new Set(SCOPES);

/**
 * Route-level auth requirement, set as `config: { auth: { api, scope } }` on a route; with several scopes, a token
 * needs all. `session: 'only'` marks the routes of the browser's own session (a token is refused there).
 */
export interface AuthRequirement {
  api: 'v2' | 'v1';
  scope?: Scope | readonly Scope[];
  session?: 'only';
  /** The route also serves callers without any credential (accepting an invitation as a new person). */
  optional?: true;
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
/** Methods that change nothing, and so need no CSRF token with a session cookie. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A token found valid is trusted for this long without asking the database again, so a busy client costs one token
 * lookup a second rather than one per request. A token revoked meanwhile (by the CLI, in another process) is
 * refused from the next lookup on; expiry is checked on every request.
 */
export const TOKEN_RECHECK_MS = 1_000;
const TOKENS_KEPT = 10_000;

/** A token the accounts confirmed, as the next requests with it reuse it. */
export interface VerifiedToken {
  principal: Principal;
  /** Milliseconds since the epoch; undefined for a token that never expires. */
  expiresAt: number | undefined;
  /** Milliseconds since the epoch; undefined for a token never used. */
  lastUsedAt: number | undefined;
}

/** What authentication asks of the accounts about sessions: the live session behind a hash, as its caller. */
export interface SessionVerifier {
  /** The caller of the session with this hash, unless it is unknown, signed out, idle too long or too old. */
  lookup(valueHash: string): Promise<Principal | undefined>;
}

/** What authentication asks of the accounts: the token behind a hash, and a note that it was used. */
export interface TokenVerifier {
  /** The token with this hash, unless it is unknown or revoked. */
  lookup(tokenHash: string): Promise<VerifiedToken | undefined>;
  /** Remembers when (milliseconds since the epoch) a token was last used. */
  recordUse(tokenId: number, at: number): Promise<void>;
}

function unauthorized(message: string): ApiError {
  return new ApiError(401, message, { 'www-authenticate': 'Bearer' });
}

/** The hooks that authenticate a request by its bearer token (`authenticate`) and check its scope (`authorize`). */
export interface Authentication {
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  authorize(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void;
}

/**
 * Authentication over the accounts' tokens, timed by `clock`. Tokens found valid are kept for a second, keyed by the
 * token itself, so a request with a token checked within the last second hashes nothing (SHA-256 was 2% of a cached
 * GET's CPU). Tokens are only ever stored hashed; in memory one is dropped with its entry a second after it was last
 * checked against the database (`ttlAutopurge`), as it is with the request that carried it.
 */
export function createAuthentication({
  tokens,
  sessions,
  clock,
}: {
  tokens: TokenVerifier;
  sessions: SessionVerifier;
  clock: Clock;
}): Authentication {
  const verifiedTokens = new LRUCache<string, VerifiedToken>({
    max: TOKENS_KEPT,
    ttl: TOKEN_RECHECK_MS,
    ttlResolution: 0,
    ttlAutopurge: true,
    perf: { now: clock },
  });

  /**
   * The `onRequest` hook: resolves the bearer token of a route that asks for one and checks its kind; `authorize`
   * checks the scope after the rate limiter has counted the request. Runs before the body is read, so an
   * unauthenticated caller learns nothing about the body's validity.
   */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.principal = null;
    const requirement = request.routeOptions.config.auth;
    if (!requirement) return;

    const header = request.headers.authorization;
    if (header === undefined && requirement.api === 'v2') {
      const session = sessionCookieOf(request);
      if (session !== undefined) {
        request.principal = await sessionPrincipal(request, session);
        return;
      }
    }
    if (header === undefined && requirement.optional) return;
    if (requirement.session === 'only')
      throw unauthorized('Not signed in: this takes the session of a signed-in browser.');
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

    let verified = verifiedTokens.get(token);
    if (!verified) {
      const found = await tokens.lookup(hashToken(token));
      const credential = found?.principal.credential;
      if (!found || credential?.type !== 'token' || credential.kind !== expectedKind)
        throw unauthorized('Invalid or revoked token.');
      verified = found;
      verifiedTokens.set(token, verified);
    }
    const now = clock();
    if (verified.expiresAt !== undefined && verified.expiresAt <= now) throw unauthorized('The token has expired.');

    // last_used_at is kept to the minute, so most requests do not write.
    const { credential } = verified.principal;
    if (
      credential.type === 'token' &&
      (verified.lastUsedAt === undefined || now - verified.lastUsedAt >= LAST_USED_RESOLUTION_MS)
    ) {
      verified.lastUsedAt = now;
      await tokens.recordUse(credential.id, now);
    }
    request.principal = verified.principal;
  }

  /**
   * The caller of a session cookie, looked up on every request (never cached, so signing out ends it at once on
   * every instance). A request that changes something must also prove it comes from the dashboard's own pages:
   * `X-CSRF-Token` equal to the session's token, and an `Origin`, when the browser sends one, equal to this server's.
   */
  async function sessionPrincipal(request: FastifyRequest, value: string): Promise<Principal> {
    const principal = await sessions.lookup(hashSessionValue(value));
    if (principal?.credential.type !== 'session') throw unauthorized('The session has ended: sign in again.');
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !sameSecret(sent, principal.credential.csrfToken)) {
        throw new ApiError(403, 'Missing or wrong X-CSRF-Token: send the csrf_token of GET /api/v2/session.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== new URL(baseUrlOf(request)).origin) {
        throw new ApiError(403, 'Cross-origin request refused: the Origin is not this server.');
      }
    }
    return principal;
  }

  return { authenticate, authorize };
}

/**
 * The `onRequest` hook after authentication and rate limiting: a V2 token without the route's scope is `403`.
 * Separate from `authenticate` so that a scope failure is an authenticated request that counts and carries the
 * rate-limit headers.
 */
function authorize(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const scope = request.routeOptions.config.auth?.scope;
  const principal = request.principal;
  const legacy = principal?.credential.type === 'token' && principal.credential.kind === 'legacy';
  if (scope && principal && !legacy) {
    const missing = missingScope(principal.scopes, [scope].flat());
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

/**
 * Who a request's changes are made by: its V2 token or the legacy V1 token, by the token's public ID, or the person
 * signed in, by their user ID.
 */
export function actorOf(request: FastifyRequest): Actor {
  const { credential, userPublicId } = principalOf(request);
  if (credential.type === 'session') return { type: 'user', id: userPublicId };
  return { type: credential.kind === 'v2' ? 'token' : 'legacy_token', id: credential.publicId };
}

/**
 * The caller's project named in a V2 path, with what the route needs and what the credential grants; services
 * resolve and vet it (someone else's is 404; a role there that does not allow the route's scopes is 403).
 */
export function projectRef(request: FastifyRequest, projectPublicId: string): ProjectRef {
  const principal = principalOf(request);
  const scope = request.routeOptions.config.auth?.scope;
  return {
    userId: principal.userId,
    publicId: projectPublicId,
    access: { granted: principal.scopes, required: scope === undefined ? [] : [scope].flat() },
  };
}

/** V1 works on the token owner's personal project only. */
export function personalProjectRef(request: FastifyRequest): ProjectRef {
  return { userId: principalOf(request).userId, personal: true };
}
