import { api } from './client.ts';

// A forgotten password: a link by e-mail (or made with `npx locator users reset-link`) that works once for an hour.

/** Answers the same whether or not the e-mail belongs to someone. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.request('POST', '/api/v2/password-resets', { body: { email }, once: true });
}

/** Sets a new password with the link's token. */
export async function resetPassword(body: { token: string; password: string }): Promise<void> {
  await api.request('POST', '/api/v2/password-resets/confirm', { body, once: true });
}
