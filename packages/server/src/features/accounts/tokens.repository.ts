import type { Executor } from '../../db/executor.ts';
import type { ApiTokenRow, InsertableApiTokenRow } from '../../db/tables/api-tokens.table.ts';

export async function insertToken(db: Executor, token: InsertableApiTokenRow): Promise<ApiTokenRow> {
  return db.insertInto('api_tokens').values(token).returningAll().executeTakeFirstOrThrow();
}

export interface TokenOwner {
  token_id: number;
  token_public_id: string;
  kind: string;
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  user_id: number;
  user_public_id: string;
}

/** The token with this hash and its owner, in one query (the hot path of every request). */
export async function findTokenByHash(db: Executor, tokenHash: string): Promise<TokenOwner | undefined> {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.public_id as token_public_id',
      'api_tokens.kind',
      'api_tokens.scopes',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      'users.id as user_id',
      'users.public_id as user_public_id',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: Executor, tokenId: number, usedAt: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: usedAt }).where('id', '=', tokenId).execute();
}

export async function listTokensOfUser(db: Executor, userId: number): Promise<ApiTokenRow[]> {
  return db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findTokenByPublicId(db: Executor, publicId: string): Promise<ApiTokenRow | undefined> {
  return db.selectFrom('api_tokens').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export async function revokeToken(db: Executor, tokenId: number, revokedAt: string): Promise<void> {
  await db.updateTable('api_tokens').set({ revoked_at: revokedAt }).where('id', '=', tokenId).execute();
}

/** Revokes the user's active legacy tokens (before a rotation issues the new one). */
export async function revokeLegacyTokens(db: Executor, userId: number, revokedAt: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: revokedAt })
    .where('user_id', '=', userId)
    .where('kind', '=', 'legacy')
    .where('revoked_at', 'is', null)
    .execute();
}
