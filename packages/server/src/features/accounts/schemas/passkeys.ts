import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { type Static, Type } from 'typebox';
import type { PasskeyRow } from '../../../db/tables/passkeys.table.ts';
import { Timestamp } from '../../../schemas/common.ts';

export const PasskeyBody = Type.Object({
  id: Type.String({ description: 'Public passkey ID', examples: ['psk_4f9XkQ2mZr8TbW1c'] }),
  name: Type.String({ description: 'What the person called it', examples: ['Laptop'] }),
  created_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()], { description: 'The last sign-in with it, or null' }),
});
export type PasskeyBody = Static<typeof PasskeyBody>;

export function presentPasskey(passkey: PasskeyRow): PasskeyBody {
  return {
    id: passkey.public_id,
    name: passkey.name,
    created_at: passkey.created_at,
    last_used_at: passkey.last_used_at,
  };
}

export const PasskeyParams = Type.Object({ passkey_id: Type.String({ examples: ['psk_4f9XkQ2mZr8TbW1c'] }) });

const Base64Url = Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength: 16_384 });
const Extensible = { additionalProperties: true } as const;

/** The challenge for `navigator.credentials.create()`, as `@simplewebauthn/browser`'s `startRegistration` takes it. */
export const RegistrationOptionsBody = Type.Object(
  {
    challenge: Base64Url,
    rp: Type.Object({ name: Type.String() }, Extensible),
    user: Type.Object({ id: Base64Url, name: Type.String(), displayName: Type.String() }, Extensible),
    pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer() }, Extensible)),
  },
  { ...Extensible, description: 'PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3)' },
);

/** The challenge for `navigator.credentials.get()`, as `startAuthentication` takes it. */
export const AuthenticationOptionsBody = Type.Object(
  { challenge: Base64Url },
  { ...Extensible, description: 'PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3)' },
);

const CredentialFields = {
  id: Base64Url,
  rawId: Base64Url,
  type: Type.Literal('public-key'),
  clientExtensionResults: Type.Object({}, Extensible),
};

const RegistrationResponse = Type.Object(
  {
    ...CredentialFields,
    response: Type.Object({ clientDataJSON: Base64Url, attestationObject: Base64Url }, Extensible),
  },
  { ...Extensible, description: 'What `startRegistration` answered (RegistrationResponseJSON)' },
);

const AuthenticationResponse = Type.Object(
  {
    ...CredentialFields,
    response: Type.Object(
      { clientDataJSON: Base64Url, authenticatorData: Base64Url, signature: Base64Url },
      Extensible,
    ),
  },
  { ...Extensible, description: 'What `startAuthentication` answered (AuthenticationResponseJSON)' },
);

export const PasskeyCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, examples: ['Laptop'] }),
  response: RegistrationResponse,
});
/** The registration answer as the library reads it: the schema checked its shape, the library checks the rest. */
export function registrationResponseOf(body: Static<typeof PasskeyCreate>): RegistrationResponseJSON {
  return body.response as RegistrationResponseJSON;
}

export const PasskeySignIn = Type.Object({ response: AuthenticationResponse });
/** The sign-in answer as the library reads it: the schema checked its shape, the library checks the rest. */
export function authenticationResponseOf(body: Static<typeof PasskeySignIn>): AuthenticationResponseJSON {
  return body.response as AuthenticationResponseJSON;
}
