import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { ApiTokenRow } from '../../db/tables/api-tokens.table.ts';
import type { ProjectRow } from '../../db/tables/projects.table.ts';
import type { UserRow } from '../../db/tables/users.table.ts';
import { InvalidInputError, NotFoundError } from '../../domain/errors.ts';
import { newPublicId } from '../../domain/ids.ts';
import { hashPassword, requireAcceptablePassword } from '../../domain/passwords.ts';
import { DEFAULT_PLAN, isPlan, PLANS, type Plan } from '../../domain/plans.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { generateToken, hashToken, isScope, SCOPES, type Scope, type TokenKind } from '../../domain/tokens.ts';
import type { TokenVerifier } from '../../http/auth.ts';
import { insertMember } from './members.repository.ts';
import { insertUserWithProject, newUserInput } from './new-user.ts';
import {
  findPersonalProject,
  findProjectByPublicId,
  insertProject,
  listProjectsOfUser,
  type MemberProjectRow,
} from './projects.repository.ts';
import * as tokens from './tokens.repository.ts';
import { findUserByEmail, findUserById } from './users.repository.ts';

export interface IssuedToken {
  token: string;
  row: ApiTokenRow;
}

export interface CreatedUser {
  user: UserRow;
  project: ProjectRow;
  token: IssuedToken;
  legacyToken: IssuedToken;
}

export function parsePlan(plan: string | undefined): Plan {
  if (plan === undefined) return DEFAULT_PLAN;
  if (!isPlan(plan)) throw new InvalidInputError(`Unknown plan "${plan}": use one of ${PLANS.join(', ')}.`);
  return plan;
}

export function parseScopes(list: string | undefined): Scope[] {
  if (list === undefined) return [...SCOPES];
  const scopes = list
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0 || scopes.length === 0) {
    throw new InvalidInputError(`Unknown scope "${unknown[0] ?? list}": use ${SCOPES.join(', ')}.`);
  }
  return [...new Set(scopes as Scope[])];
}

/** What the accounts are kept with. */
export interface AccountsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Users, their projects and their API tokens: what authentication checks, what the V2 user and project endpoints
 * read, and what the CLI manages (`locator users`, `projects`, `tokens`).
 */
export function createAccounts({ db, clock }: AccountsDeps) {
  async function issueToken(
    trx: Executor,
    userId: number,
    kind: TokenKind,
    options: { name: string; scopes: readonly Scope[]; expiresAt: number | null },
  ): Promise<IssuedToken> {
    const token = generateToken(kind);
    const row = await tokens.insertToken(trx, {
      public_id: newPublicId('token'),
      user_id: userId,
      kind,
      name: options.name,
      token_hash: hashToken(token),
      token_hint: token.slice(0, 9),
      scopes: JSON.stringify(kind === 'legacy' ? [] : options.scopes),
      expires_at: options.expiresAt === null ? null : isoOf(options.expiresAt),
      last_used_at: null,
      revoked_at: null,
      created_at: isoOf(clock()),
    });
    return { token, row };
  }

  async function requireUser(trx: Executor, email: string): Promise<UserRow> {
    const user = await findUserByEmail(trx, email);
    if (!user) throw new NotFoundError(`No user with email ${email}.`);
    return user;
  }

  return {
    /**
     * The tokens as authentication checks them: by hash, with their owner and scopes; their use noted to the minute.
     */
    tokens: {
      async lookup(tokenHash) {
        const found = await tokens.findTokenByHash(db, tokenHash);
        if (!found || found.revoked_at) return undefined;
        return {
          principal: {
            userId: found.user_id,
            userPublicId: found.user_public_id,
            credential: {
              type: 'token',
              id: found.token_id,
              publicId: found.token_public_id,
              kind: found.kind as TokenKind,
            },
            scopes: new Set<string>(JSON.parse(found.scopes) as string[]),
          },
          expiresAt: found.expires_at ? Date.parse(found.expires_at) : undefined,
          lastUsedAt: found.last_used_at ? Date.parse(found.last_used_at) : undefined,
        };
      },
      async recordUse(tokenId, at) {
        await tokens.touchToken(db, tokenId, isoOf(at));
      },
    } satisfies TokenVerifier,

    /** The user behind a token. */
    async getUser(userId: number): Promise<UserRow> {
      const user = await findUserById(db, userId);
      if (!user) throw NotFoundError.of('User');
      return user;
    },

    /** The user with this email, if there is one. */
    findUser(email: string): Promise<UserRow | undefined> {
      return findUserByEmail(db, email);
    },

    /** The projects the user is a member of in ID order, each with their role and location count. */
    listProjects(userId: number): Promise<MemberProjectRow[]> {
      return listProjectsOfUser(db, userId);
    },

    /** The user's personal project (the one V1 works on). */
    async personalProjectOf(userId: number): Promise<ProjectRow> {
      const project = await findPersonalProject(db, userId);
      if (!project) throw NotFoundError.of('Project');
      return project;
    },

    /** Any project by its public ID (the CLI works on every account). */
    async requireProject(publicId: string): Promise<ProjectRow> {
      const project = await findProjectByPublicId(db, publicId);
      if (!project) throw new NotFoundError(`No project with ID ${publicId}.`);
      return project;
    },

    /**
     * Creates a user with their personal project, one V2 token with every scope and the legacy V1 token,
     * all in one transaction.
     */
    async createUser(input: { email: string; name: string; plan?: string; password?: string }): Promise<CreatedUser> {
      const { email, name } = newUserInput(input);
      const plan = parsePlan(input.plan);
      if (input.password !== undefined) requireAcceptablePassword(input.password);
      const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
      return db.transaction().execute(async (trx) => {
        const now = isoOf(clock());
        const { user, project } = await insertUserWithProject(trx, { email, name, plan, passwordHash, now });
        const token = await issueToken(trx, user.id, 'v2', { name: 'default', scopes: SCOPES, expiresAt: null });
        const legacyToken = await issueToken(trx, user.id, 'legacy', { name: 'legacy', scopes: [], expiresAt: null });
        return { user, project, token, legacyToken };
      });
    },

    async createProject(input: { email: string; name: string; plan?: string }): Promise<ProjectRow> {
      const plan = parsePlan(input.plan);
      if (input.name.trim() === '') throw new InvalidInputError('The project name must not be empty.');
      return db.transaction().execute(async (trx) => {
        const user = await requireUser(trx, input.email);
        const now = isoOf(clock());
        const project = await insertProject(trx, {
          public_id: newPublicId('project'),
          user_id: user.id,
          name: input.name.trim(),
          plan,
          personal: 0,
          created_at: now,
          updated_at: now,
        });
        await insertMember(trx, { project_id: project.id, user_id: user.id, role: 'owner', created_at: now });
        return project;
      });
    },

    async createToken(input: {
      email: string;
      name?: string;
      scopes?: readonly Scope[];
      expiresInMs?: number;
    }): Promise<IssuedToken> {
      return db.transaction().execute(async (trx) => {
        const user = await requireUser(trx, input.email);
        const expiresAt = input.expiresInMs === undefined ? null : clock() + input.expiresInMs;
        return issueToken(trx, user.id, 'v2', { name: input.name ?? 'api', scopes: input.scopes ?? SCOPES, expiresAt });
      });
    },

    /** Replaces the user's legacy V1 token: the old one stops working at once. */
    async rotateLegacyToken(email: string): Promise<IssuedToken> {
      return db.transaction().execute(async (trx) => {
        const user = await requireUser(trx, email);
        await tokens.revokeLegacyTokens(trx, user.id, isoOf(clock()));
        return issueToken(trx, user.id, 'legacy', { name: 'legacy', scopes: [], expiresAt: null });
      });
    },

    /** A V2 token of the signed-in user (`POST /api/v2/tokens`). */
    async createOwnToken(
      userId: number,
      input: { name: string; scopes: readonly Scope[]; expiresInMs?: number },
    ): Promise<IssuedToken> {
      return db.transaction().execute(async (trx) => {
        const expiresAt = input.expiresInMs === undefined ? null : clock() + input.expiresInMs;
        return issueToken(trx, userId, 'v2', { name: input.name, scopes: [...new Set(input.scopes)], expiresAt });
      });
    },

    /** The user's V2 tokens not revoked, oldest first (`GET /api/v2/tokens`). */
    async listOwnTokens(userId: number): Promise<ApiTokenRow[]> {
      const rows = await tokens.listTokensOfUser(db, userId);
      return rows.filter((row) => row.kind === 'v2' && row.revoked_at === null);
    },

    /** Revokes one of the user's tokens; someone else's is not found. Refused by every instance within a second. */
    async revokeOwnToken(userId: number, publicId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const token = await tokens.findTokenByPublicId(trx, publicId);
        if (!token || token.user_id !== userId || token.revoked_at) throw NotFoundError.of('Token');
        await tokens.revokeToken(trx, token.id, isoOf(clock()));
      });
    },

    async listTokens(email: string): Promise<ApiTokenRow[]> {
      const user = await requireUser(db, email);
      return tokens.listTokensOfUser(db, user.id);
    },

    async revokeToken(publicId: string): Promise<ApiTokenRow> {
      return db.transaction().execute(async (trx) => {
        const token = await tokens.findTokenByPublicId(trx, publicId);
        if (!token) throw new NotFoundError(`No token with ID ${publicId}.`);
        const revokedAt = token.revoked_at ?? isoOf(clock());
        if (!token.revoked_at) await tokens.revokeToken(trx, token.id, revokedAt);
        return { ...token, revoked_at: revokedAt };
      });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
