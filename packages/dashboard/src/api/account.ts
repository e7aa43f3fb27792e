import type { PasswordChange, SignedInSession, User } from '@locator/client';
import { api } from './client.ts';

// The signed-in person's own account: name, password, their sessions.

export async function updateName(name: string): Promise<User> {
  return (await api.request<{ data: User }>('PATCH', '/api/v2/user', { body: { name } })).data;
}

/** Needs the current password; the server ends the person's other sessions. */
export async function changePassword(body: PasswordChange): Promise<void> {
  await api.request('PUT', '/api/v2/user/password', { body });
}

export async function listSessions(): Promise<SignedInSession[]> {
  return (await api.request<{ data: SignedInSession[] }>('GET', '/api/v2/sessions')).data;
}

/** Signs this person out everywhere, this browser included. */
export async function signOutEverywhere(): Promise<void> {
  await api.request('DELETE', '/api/v2/sessions');
}
