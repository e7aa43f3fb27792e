import type { ApiToken, CreatedToken, Scope, TokenCreate } from '@locator/client';
import { api } from './client.ts';

export type { ApiToken, CreatedToken, Scope };

/** Every scope once, in the order the form lists them: a scope the API adds or drops fails to compile here. */
const SCOPE_LIST: Record<Scope, true> = {
  'user:read': true,
  'project:read': true,
  'project:manage': true,
  'location:read': true,
  'location:create': true,
  'location:update': true,
  'location:delete': true,
  'member:manage': true,
  'owner:manage': true,
};
export const SCOPES = Object.keys(SCOPE_LIST) as Scope[];

export async function listTokens(): Promise<ApiToken[]> {
  return (await api.request<{ data: ApiToken[] }>('GET', '/api/v2/tokens')).data;
}

export async function createToken(body: TokenCreate): Promise<CreatedToken> {
  return (await api.request<{ data: CreatedToken }>('POST', '/api/v2/tokens', { body, once: true })).data;
}

export async function revokeToken(id: string): Promise<void> {
  await api.request('DELETE', `/api/v2/tokens/${encodeURIComponent(id)}`);
}
