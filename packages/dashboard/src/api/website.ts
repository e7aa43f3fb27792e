import type { Branding, BrandingPatch, PublishableKey } from '@locator/client';
import { api } from './client.ts';

export type { Branding, BrandingPatch, PublishableKey };

const projectPath = (projectId: string) => `/api/v2/projects/${encodeURIComponent(projectId)}`;

/** `GET …/branding`: the store finder's branding and design, and the project's default unit and country. */
export async function getBranding(projectId: string): Promise<Branding> {
  return (await api.request<{ data: Branding }>('GET', `${projectPath(projectId)}/branding`)).data;
}

/** `PATCH …/branding`: omitted keys keep their values, null clears one. */
export async function updateBranding(projectId: string, body: BrandingPatch): Promise<Branding> {
  return (await api.request<{ data: Branding }>('PATCH', `${projectPath(projectId)}/branding`, { body })).data;
}

/** `GET …/publishable-keys`: every key, revoked ones too. */
export async function listKeys(projectId: string): Promise<PublishableKey[]> {
  return (await api.request<{ data: PublishableKey[] }>('GET', `${projectPath(projectId)}/publishable-keys`)).data;
}

export async function createKey(projectId: string, origins: string[]): Promise<PublishableKey> {
  const path = `${projectPath(projectId)}/publishable-keys`;
  return (await api.request<{ data: PublishableKey }>('POST', path, { body: { origins }, once: true })).data;
}

/** Replaces the key's allowed origins. */
export async function updateKeyOrigins(projectId: string, keyId: string, origins: string[]): Promise<void> {
  const path = `${projectPath(projectId)}/publishable-keys/${encodeURIComponent(keyId)}`;
  await api.request('PATCH', path, { body: { origins } });
}

export async function revokeKey(projectId: string, keyId: string): Promise<void> {
  await api.request('DELETE', `${projectPath(projectId)}/publishable-keys/${encodeURIComponent(keyId)}`);
}
