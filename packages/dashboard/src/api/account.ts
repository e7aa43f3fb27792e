import { api } from './client.ts';
import type { SessionUser } from './session.ts';

// The signed-in person's own account: name, password, their sessions.

export async function updateName(name: string): Promise<SessionUser> {
  return (await api.request<{ data: SessionUser }>('PATCH', '/api/v2/user', { body: { name } })).data;
}

/** Needs the current password; the server ends the person's other sessions. */
export async function changePassword(body: { current_password: string; new_password: string }): Promise<void> {
  await api.request('PUT', '/api/v2/user/password', { body });
}

/** A browser signed in as this person. */
export interface SignedInSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string | null;
  current: boolean;
}

export async function listSessions(): Promise<SignedInSession[]> {
  return (await api.request<{ data: SignedInSession[] }>('GET', '/api/v2/sessions')).data;
}

/** Signs this person out everywhere, this browser included. */
export async function signOutEverywhere(): Promise<void> {
  await api.request('DELETE', '/api/v2/sessions');
}
