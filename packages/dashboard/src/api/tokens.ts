import { api } from './client.ts';

/** What a token may do; never more than its user's role allows in the project it is used on. */
export const SCOPES = [
  'user:read',
  'project:read',
  'project:manage',
  'location:read',
  'location:create',
  'location:update',
  'location:delete',
] as const;
export type Scope = (typeof SCOPES)[number];

/** An API token of the signed-in person (`GET /api/v2/tokens`), without its secret. */
export interface ApiToken {
  id: string;
  name: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

/** A new token: `token` is the secret, shown in this answer only. */
export type CreatedToken = ApiToken & { token: string };

export async function listTokens(): Promise<ApiToken[]> {
  return (await api.request<{ data: ApiToken[] }>('GET', '/api/v2/tokens')).data;
}

export async function createToken(body: {
  name: string;
  scopes: Scope[];
  expires_in_days?: number;
}): Promise<CreatedToken> {
  return (await api.request<{ data: CreatedToken }>('POST', '/api/v2/tokens', { body, once: true })).data;
}

export async function revokeToken(id: string): Promise<void> {
  await api.request('DELETE', `/api/v2/tokens/${encodeURIComponent(id)}`);
}
