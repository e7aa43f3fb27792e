import type { Member, Role } from '@locator/client';
import { api } from './client.ts';

export type { Member };

const membersOf = (projectId: string) => `/api/v2/projects/${encodeURIComponent(projectId)}/members`;

export async function listMembers(projectId: string): Promise<Member[]> {
  return (await api.request<{ data: Member[] }>('GET', membersOf(projectId))).data;
}

/** `409` for the last owner. */
export async function changeRole(projectId: string, userId: string, role: Role): Promise<Member> {
  const target = `${membersOf(projectId)}/${encodeURIComponent(userId)}`;
  return (await api.request<{ data: Member }>('PATCH', target, { body: { role } })).data;
}

/** Ends the member's sessions on the project at once; `409` for the last owner. */
export async function removeMember(projectId: string, userId: string): Promise<void> {
  await api.request('DELETE', `${membersOf(projectId)}/${encodeURIComponent(userId)}`);
}
