import type { AcceptedInvitation, CreatedInvitation, Invitation, InvitationAcceptance, Role } from '@locator/client';
import { api } from './client.ts';

export type { Invitation };

const invitationsOf = (projectId: string) => `/api/v2/projects/${encodeURIComponent(projectId)}/invitations`;

export async function listInvitations(projectId: string): Promise<Invitation[]> {
  return (await api.request<{ data: Invitation[] }>('GET', invitationsOf(projectId))).data;
}

/** Sends the invitation by e-mail when the server can; its link is in the answer either way. */
export async function invite(projectId: string, body: { email: string; role: Role }): Promise<CreatedInvitation> {
  return (await api.request<{ data: CreatedInvitation }>('POST', invitationsOf(projectId), { body, once: true })).data;
}

export async function withdrawInvitation(projectId: string, invitationId: string): Promise<void> {
  await api.request('DELETE', `${invitationsOf(projectId)}/${encodeURIComponent(invitationId)}`);
}

/**
 * Joins the invitation's project: signed in with `{ token }`, or as a new person with `{ token, name, password }`,
 * who is signed in by the answer (its `session`).
 */
export async function acceptInvitation(body: InvitationAcceptance): Promise<AcceptedInvitation> {
  return (await api.request<{ data: AcceptedInvitation }>('POST', '/api/v2/invitations/accept', { body, once: true }))
    .data;
}
