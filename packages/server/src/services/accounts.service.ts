import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { ApiTokenRow } from '../db/tables/api-tokens.table.ts';
import type { ProjectRow } from '../db/tables/projects.table.ts';
import type { UserRow } from '../db/tables/users.table.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain/errors.ts';
import { newPublicId } from '../domain/ids.ts';
import { DEFAULT_PLAN, isPlan, PLANS, type Plan } from '../domain/plans.ts';
import { isoNow } from '../domain/time.ts';
import { generateToken, hashToken, isScope, SCOPES, type Scope, type TokenKind } from '../domain/tokens.ts';
import { findProjectByPublicId, insertProject, listProjectsOfUser } from '../repositories/projects.repository.ts';
import * as tokens from '../repositories/tokens.repository.ts';
import { findUserByEmail, findUserById, insertUser } from '../repositories/users.repository.ts';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

async function issueToken(
  db: Executor,
  userId: number,
  kind: TokenKind,
  options: { name: string; scopes: readonly Scope[]; expiresAt: string | null },
): Promise<IssuedToken> {
  const token = generateToken(kind);
  const row = await tokens.insertToken(db, {
    public_id: newPublicId('token'),
    user_id: userId,
    kind,
    name: options.name,
    token_hash: hashToken(token),
    token_hint: token.slice(0, 9),
    scopes: JSON.stringify(kind === 'legacy' ? [] : options.scopes),
    expires_at: options.expiresAt,
    last_used_at: null,
    revoked_at: null,
    created_at: isoNow(),
  });
  return { token, row };
}

/** The user behind a token. */
export async function getUser(db: Executor, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw NotFoundError.of('User');
  return user;
}

/** The user with this email, if there is one. */
export async function findUser(db: Executor, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

/** The user's projects in ID order, each with its location count (kept on the row by triggers). */
export async function listProjects(db: Executor, userId: number): Promise<ProjectRow[]> {
  return listProjectsOfUser(db, userId);
}

/** Any project by its public ID (the CLI works on every account). */
export async function requireProject(db: Executor, publicId: string): Promise<ProjectRow> {
  const project = await findProjectByPublicId(db, publicId);
  if (!project) throw new NotFoundError(`No project with ID ${publicId}.`);
  return project;
}

/** The token with this hash and its owner, as authentication checks it. */
export async function findTokenOwner(db: Executor, tokenHash: string): Promise<tokens.TokenOwner | undefined> {
  return tokens.findTokenByHash(db, tokenHash);
}

/** Remembers when a token was last used. */
export async function recordTokenUse(db: Executor, tokenId: number, usedAt: string): Promise<void> {
  await tokens.touchToken(db, tokenId, usedAt);
}

async function requireUser(db: Executor, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new NotFoundError(`No user with email ${email}.`);
  return user;
}

/**
 * Creates a user with their personal project, one V2 token with every scope and the legacy V1 token,
 * all in one transaction.
 */
export async function createUser(
  db: Kysely<Database>,
  input: { email: string; name: string; plan?: string },
): Promise<CreatedUser> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new InvalidInputError(`Invalid email "${input.email}".`);
  if (input.name.trim() === '') throw new InvalidInputError('The name must not be empty.');
  const plan = parsePlan(input.plan);
  return db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new ConflictError(`A user with email ${email} already exists.`);
    const now = isoNow();
    const user = await insertUser(trx, {
      public_id: newPublicId('user'),
      email,
      name: input.name.trim(),
      created_at: now,
    });
    const project = await insertProject(trx, {
      public_id: newPublicId('project'),
      user_id: user.id,
      name: `${user.name}'s project`,
      plan,
      personal: 1,
      created_at: now,
      updated_at: now,
    });
    const token = await issueToken(trx, user.id, 'v2', { name: 'default', scopes: SCOPES, expiresAt: null });
    const legacyToken = await issueToken(trx, user.id, 'legacy', { name: 'legacy', scopes: [], expiresAt: null });
    return { user, project, token, legacyToken };
  });
}

export async function createProject(
  db: Kysely<Database>,
  input: { email: string; name: string; plan?: string },
): Promise<ProjectRow> {
  const plan = parsePlan(input.plan);
  if (input.name.trim() === '') throw new InvalidInputError('The project name must not be empty.');
  return db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, input.email);
    const now = isoNow();
    return insertProject(trx, {
      public_id: newPublicId('project'),
      user_id: user.id,
      name: input.name.trim(),
      plan,
      personal: 0,
      created_at: now,
      updated_at: now,
    });
  });
}

export async function createToken(
  db: Kysely<Database>,
  input: { email: string; name?: string; scopes?: readonly Scope[]; expiresInMs?: number },
): Promise<IssuedToken> {
  return db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, input.email);
    const expiresAt = input.expiresInMs === undefined ? null : new Date(Date.now() + input.expiresInMs).toISOString();
    return issueToken(trx, user.id, 'v2', { name: input.name ?? 'api', scopes: input.scopes ?? SCOPES, expiresAt });
  });
}

/** Replaces the user's legacy V1 token: the old one stops working at once. */
export async function rotateLegacyToken(db: Kysely<Database>, email: string): Promise<IssuedToken> {
  return db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, email);
    await tokens.revokeLegacyTokens(trx, user.id, isoNow());
    return issueToken(trx, user.id, 'legacy', { name: 'legacy', scopes: [], expiresAt: null });
  });
}

export async function listTokens(db: Kysely<Database>, email: string): Promise<ApiTokenRow[]> {
  const user = await requireUser(db, email);
  return tokens.listTokensOfUser(db, user.id);
}

export async function revokeToken(db: Kysely<Database>, publicId: string): Promise<ApiTokenRow> {
  return db.transaction().execute(async (trx) => {
    const token = await tokens.findTokenByPublicId(trx, publicId);
    if (!token) throw new NotFoundError(`No token with ID ${publicId}.`);
    if (!token.revoked_at) await tokens.revokeToken(trx, token.id, isoNow());
    return { ...token, revoked_at: token.revoked_at ?? isoNow() };
  });
}
