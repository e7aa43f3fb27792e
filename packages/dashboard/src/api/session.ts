import { LocatorApiError, type Session, type SetupStatus } from '@locator/client';
import { api } from './client.ts';

// Signing in and out, and the first run: POST/GET/DELETE /api/v2/session, POST /api/v2/setup.

export type { Session };

/** The browser's session, or undefined when it has none (401). */
export async function readSession(): Promise<Session | undefined> {
  try {
    return (await api.request<{ data: Session }>('GET', '/api/v2/session')).data;
  } catch (error) {
    if (error instanceof LocatorApiError && error.status === 401) return undefined;
    throw error;
  }
}

export async function signIn(body: { email: string; password: string }): Promise<Session> {
  return (await api.request<{ data: Session }>('POST', '/api/v2/session', { body, once: true })).data;
}

export async function signOut(): Promise<void> {
  await api.request('DELETE', '/api/v2/session');
}

/** Creates the first user, the owner, with their project; `409` once any user exists. Signs them in. */
export async function setUp(body: { name: string; email: string; password: string }): Promise<Session> {
  return (await api.request<{ data: Session }>('POST', '/api/v2/setup', { body, once: true })).data;
}

/**
 * Whether the server still waits for its first user (`GET /api/v2/setup` answers `{ data: { needed } }`); false when
 * the server does not say, so the sign-in page shows (it links to the first run all the same).
 */
export async function setupNeeded(): Promise<boolean> {
  try {
    return (await api.request<{ data: SetupStatus }>('GET', '/api/v2/setup')).data.needed === true;
  } catch {
    return false;
  }
}
