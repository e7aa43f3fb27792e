import { api } from './client.ts';
import type { Role } from './projects.ts';
import type { Session } from './session.ts';

/** An open invitation to a project; `invite_url` is in the answer that creates it. */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  expires_at: string;
  invite_url?: string;
}

const invitationsOf = (projectId: string) => `/api/v2/projects/${encodeURIComponent(projectId)}/invitations`;

export async function listInvitations(projectId: string): Promise<Invitation[]> {
  return (await api.request<{ data: Invitation[] }>('GET', invitationsOf(projectId))).data;
}

/** Sends the invitation by e-mail when the server can; its link is in the answer either way. */
export async function invite(projectId: string, body: { email: string; role: Role }): Promise<Invitation> {
  return (await api.request<{ data: Invitation }>('POST', invitationsOf(projectId), { body, once: true })).data;
}

export async function withdrawInvitation(projectId: string, invitationId: string): Promise<void> {
  await api.request('DELETE', `${invitationsOf(projectId)}/${encodeURIComponent(invitationId)}`);
}

/**
 * Joins the invitation's project: signed in with `{ token }`, or as a new person with `{ token, name, password }`,
 * who is signed in by the answer (`201 { data: { user, csrf_token } }`).
 */
export async function acceptInvitation(body: {
  token: string;
  name?: string;
  password?: string;
}): Promise<Partial<Session> | undefined> {
  const answer = await api.request<{ data?: Partial<Session> } | undefined>('POST', '/api/v2/invitations/accept', {
    body,
    once: true,
  });
  return answer?.data;
}
