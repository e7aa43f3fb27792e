import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PasskeyRow } from '../../db/tables/passkeys.table.ts';
import { InvalidInputError, NotFoundError } from '../../domain/errors.ts';
import { newPublicId } from '../../domain/ids.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import * as repository from './passkeys.repository.ts';
import { findUserById } from './users.repository.ts';

/** Who the passkeys belong to: the site's origin and its host name (the WebAuthn "relying party"). */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** A challenge is answered within this time, once. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const RP_NAME = 'Locator';

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * Passkeys (WebAuthn, through `@simplewebauthn/server`): registered by a signed-in person, used to sign in instead
 * of the password. Each challenge is kept in the database (any instance checks an answer to one another made) and
 * works once, for five minutes.
 */
export function createPasskeys({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function remember(challenge: string, purpose: 'register' | 'sign-in', userId: number | null) {
    const now = clock();
    await repository.insertChallenge(
      db,
      { challenge, purpose, user_id: userId, expires_at: isoOf(now + CHALLENGE_LIFETIME_MS) },
      isoOf(now),
    );
  }

  /** Whether `challenge` is one handed out for this purpose (and user), still fresh; it is used up either way. */
  function takesChallenge(purpose: 'register' | 'sign-in', userId: number | null) {
    return async (challenge: string): Promise<boolean> => {
      const taken = await repository.takeChallenge(db, challenge, purpose);
      return taken !== undefined && taken.user_id === userId && Date.parse(taken.expires_at) > clock();
    };
  }

  return {
    list(userId: number): Promise<PasskeyRow[]> {
      return repository.listPasskeysOfUser(db, userId);
    },

    /** What the browser needs to make a passkey for this user; the ones they have are excluded. */
    async registrationOptions(userId: number, party: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const user = await findUserById(db, userId);
      if (!user) throw NotFoundError.of('User');
      const existing = await repository.listPasskeysOfUser(db, userId);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: party.id,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user.public_id),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credential_id,
          transports: JSON.parse(passkey.transports) as string[],
        })),
      });
      await remember(options.challenge, 'register', userId);
      return options;
    },

    /** Verifies the authenticator's answer to a registration challenge and keeps the passkey under `name`. */
    async register(
      userId: number,
      name: string,
      response: RegistrationResponseJSON,
      party: RelyingParty,
    ): Promise<PasskeyRow> {
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: takesChallenge('register', userId),
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        requireUserVerification: false,
      }).catch((error: unknown) => refused(error));
      if (!verification.verified) refused('it could not be verified');
      const { credential } = verification.registrationInfo;
      return repository.insertPasskey(db, {
        public_id: newPublicId('passkey'),
        user_id: userId,
        credential_id: credential.id,
        public_key: base64url(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: name.trim(),
        created_at: isoOf(clock()),
        last_used_at: null,
      });
    },

    async remove(userId: number, publicId: string): Promise<void> {
      if (!(await repository.deletePasskeyOfUser(db, userId, publicId))) throw NotFoundError.of('Passkey');
    },

    /** A challenge for signing in with any passkey of this site (the authenticator offers the ones it holds). */
    async signInOptions(party: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const options = await generateAuthenticationOptions({ rpID: party.id, userVerification: 'preferred' });
      await remember(options.challenge, 'sign-in', null);
      return options;
    },

    /** The e-mail of the user a credential belongs to, whose sign-in budget an attempt with it counts against. */
    async emailOfCredential(credentialId: string): Promise<string | undefined> {
      return (await repository.findPasskeyByCredentialId(db, credentialId))?.email;
    },

    /**
     * The user an answer to a sign-in challenge proves to be, or undefined (an unknown passkey, a used or expired
     * challenge, a wrong signature alike).
     */
    async signIn(response: AuthenticationResponseJSON, party: RelyingParty): Promise<number | undefined> {
      const passkey = await repository.findPasskeyByCredentialId(db, response.id);
      if (!passkey) return undefined;
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: takesChallenge('sign-in', null),
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: Number(passkey.counter),
          transports: JSON.parse(passkey.transports) as string[],
        },
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) return undefined;
      await repository.recordPasskeyUse(db, passkey.id, verification.authenticationInfo.newCounter, isoOf(clock()));
      return passkey.user_id;
    },
  };
}

function refused(reason: unknown): never {
  const detail = reason instanceof Error ? reason.message : String(reason);
  throw new InvalidInputError(`The passkey was not registered: ${detail}`, { response: [detail] });
}

export type Passkeys = ReturnType<typeof createPasskeys>;
