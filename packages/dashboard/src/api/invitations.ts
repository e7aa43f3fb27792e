import { api } from './client.ts';
import type { Role } from './projects.ts';
import type { Session } from './session.ts';

/** An open invitation to a project; `invite_url` is in the answer that creates it. */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
  invite_url?: string;
}

/** What accepting answers: the project joined, the role in it, and the session of a person who was new. */
export interface AcceptedInvitation {
  project_id: string;
  role: Role;
  session?: Session;
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
 * who is signed in by the answer (its `session`).
 */
export async function acceptInvitation(
  body: { token: string } | { token: string; name: string; password: string },
): Promise<AcceptedInvitation> {
  return (await api.request<{ data: AcceptedInvitation }>('POST', '/api/v2/invitations/accept', { body, once: true }))
    .data;
}
