import type { App } from '../../../../http/app-type.ts';
import { ApiError } from '../../../../http/errors.ts';
import type { SignInLimiter } from '../../../../ratelimit/sign-in-limiter.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { Passkeys } from '../../passkeys.service.ts';
import type { People } from '../../people.service.ts';
import { AuthenticationOptionsBody, authenticationResponseOf, PasskeySignIn } from '../../schemas/passkeys.ts';
import { SessionBody } from '../../schemas/people.ts';
import { relyingPartyOf } from './relying-party.ts';
import { clientOf, replyWithSession } from './session-reply.ts';

/** Signing in with a passkey instead of the password: a challenge, then the authenticator's answer. */
export function registerV2SessionPasskey(
  app: App,
  { passkeys, people, signInLimiter }: { passkeys: Passkeys; people: People; signInLimiter: SignInLimiter },
): void {
  app.post(
    '/api/v2/session/passkey/options',
    {
      schema: {
        tags: ['V2 people'],
        operationId: 'passkeySignInOptions',
        security: [],
        summary: 'Start signing in with a passkey: the challenge for the browser',
        description:
          "Answers the options for `navigator.credentials.get()` (`@simplewebauthn/browser`'s `startAuthentication`); the authenticator offers the passkeys it holds for this site. The challenge works once, for five minutes, on any instance.",
        response: { 200: DataEnvelope(AuthenticationOptionsBody), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await passkeys.signInOptions(relyingPartyOf(request)) };
    },
  );
  app.post(
    '/api/v2/session/passkey',
    {
      schema: {
        tags: ['V2 people'],
        operationId: 'signInWithPasskey',
        security: [],
        summary: 'Sign in with a passkey',
        description:
          'Takes the answer of `startAuthentication` to the challenge of `POST /api/v2/session/passkey/options` and answers as `POST /api/v2/session` does: the session cookie and, in the body, the user and the CSRF token. An unknown passkey, a used or expired challenge and a wrong signature are the same `401`, and count against the same budgets of failed sign-ins (per client address, and per e-mail of the passkey’s user): `429` with `Retry-After`.',
        body: PasskeySignIn,
        response: { 200: DataEnvelope(SessionBody), ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const response = authenticationResponseOf(request.body);
      const budget = (await passkeys.emailOfCredential(response.id)) ?? `passkey:${response.id}`;
      await signInLimiter.check(request.ip, budget);
      const userId = await passkeys.signIn(response, relyingPartyOf(request));
      if (userId === undefined) {
        await signInLimiter.recordFailure(request.ip, budget);
        throw new ApiError(401, 'This passkey did not sign you in: try again, or use your password.');
      }
      return replyWithSession(request, reply, await people.startSession(userId, clientOf(request)));
    },
  );
}
