import type { Passkey } from '@locator/client';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from './client.ts';
import type { Session } from './session.ts';

// Passkeys (WebAuthn): the server makes the challenge, the browser's authenticator answers it. The WebAuthn helpers
// are loaded when a passkey is used, not with the first screen.
const webAuthn = () => import('@simplewebauthn/browser');

export async function listPasskeys(): Promise<Passkey[]> {
  return (await api.request<{ data: Passkey[] }>('GET', '/api/v2/user/passkeys')).data;
}

/** Registers a passkey of this browser's authenticator under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const { data: optionsJSON } = await api.request<{ data: PublicKeyCredentialCreationOptionsJSON }>(
    'POST',
    '/api/v2/user/passkeys/options',
    { once: true },
  );
  const response = await (await webAuthn()).startRegistration({ optionsJSON });
  return (
    await api.request<{ data: Passkey }>('POST', '/api/v2/user/passkeys', { body: { name, response }, once: true })
  ).data;
}

export async function removePasskey(id: string): Promise<void> {
  await api.request('DELETE', `/api/v2/user/passkeys/${encodeURIComponent(id)}`);
}

/** Signs in with a passkey instead of the password. */
export async function signInWithPasskey(): Promise<Session> {
  const { data: optionsJSON } = await api.request<{ data: PublicKeyCredentialRequestOptionsJSON }>(
    'POST',
    '/api/v2/session/passkey/options',
    { once: true },
  );
  const response = await (await webAuthn()).startAuthentication({ optionsJSON });
  return (await api.request<{ data: Session }>('POST', '/api/v2/session/passkey', { body: { response }, once: true }))
    .data;
}
