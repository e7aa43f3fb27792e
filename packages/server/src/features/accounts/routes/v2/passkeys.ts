import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { principalOf } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { Passkeys } from '../../passkeys.service.ts';
import {
  PasskeyBody,
  PasskeyCreate,
  PasskeyParams,
  presentPasskey,
  RegistrationOptionsBody,
  registrationResponseOf,
} from '../../schemas/passkeys.ts';
import { relyingPartyOf } from './relying-party.ts';

const tags = ['V2 account'];
// Passkeys are added and removed by the person signed in, never by a token.
const config = { auth: { api: 'v2', session: 'only' } } as const;
const security = [{ sessionCookie: [] }];

/** The signed-in person's passkeys: listed, registered (a challenge, then the authenticator's answer), removed. */
export function registerV2Passkeys(app: App, { passkeys }: { passkeys: Passkeys }): void {
  app.get(
    '/api/v2/user/passkeys',
    {
      config,
      schema: {
        tags,
        operationId: 'listPasskeys',
        summary: "List the signed-in person's passkeys",
        security,
        response: { 200: Type.Object({ data: Type.Array(PasskeyBody) }), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ data: (await passkeys.list(principalOf(request).userId)).map(presentPasskey) }),
  );
  app.post(
    '/api/v2/user/passkeys/options',
    {
      config,
      schema: {
        tags,
        operationId: 'passkeyRegistrationOptions',
        summary: 'Start registering a passkey: the challenge for the browser',
        description:
          "Answers the options for `navigator.credentials.create()` (`@simplewebauthn/browser`'s `startRegistration`). The challenge works once, for five minutes, on any instance. The passkey is made for `PUBLIC_URL`'s host name when it is set, else the host the request was made to.",
        security,
        response: { 200: DataEnvelope(RegistrationOptionsBody), ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await passkeys.registrationOptions(principalOf(request).userId, relyingPartyOf(request)) };
    },
  );
  app.post(
    '/api/v2/user/passkeys',
    {
      config,
      schema: {
        tags,
        operationId: 'createPasskey',
        summary: 'Register a passkey with the authenticator’s answer',
        description:
          'Takes `name` and the answer of `startRegistration` to the challenge of `POST /api/v2/user/passkeys/options`. An answer that does not verify (another challenge, a used or expired one, another site) is `422`.',
        security,
        body: PasskeyCreate,
        response: { 201: DataEnvelope(PasskeyBody), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const created = await passkeys.register(
        principalOf(request).userId,
        request.body.name,
        registrationResponseOf(request.body),
        relyingPartyOf(request),
      );
      return reply.code(201).send({ data: presentPasskey(created) });
    },
  );
  app.delete(
    '/api/v2/user/passkeys/:passkey_id',
    {
      config,
      schema: {
        tags,
        operationId: 'deletePasskey',
        summary: 'Remove one of the signed-in person’s passkeys',
        description:
          'It no longer signs anyone in. Sessions it started keep going: end them with `DELETE /api/v2/sessions`.',
        security,
        params: PasskeyParams,
        response: { 200: SuccessBody, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      await passkeys.remove(principalOf(request).userId, request.params.passkey_id);
      return { success: true as const };
    },
  );
}
